import type { account as source } from '../zh-TW/account.ts';

export const account: typeof source = {
  password: {
    title: 'Change password',
    oldPassword: 'Old password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    oldRequired: 'Old password is required!',
    newRequired: 'New password is required!',
    confirmRequired: 'Confirm new password is required!',
    mismatch: 'The two passwords do not match!',
    noUser: 'No user is signed in!',
    success: 'Password changed; your other sessions were signed out',
    rule: '8 to 64 characters, with both letters and digits',
    weak: 'The new password needs 8 to 64 characters with both letters and digits',
    sameAsOld: 'The new password must differ from the old one',
    required: {
      title: 'Change your password',
      intro: 'An administrator set your password. Enter the password you were given as the old password and choose your own to continue.',
      signOut: 'Sign out',
    },
  },
  depart: {
    title: 'Switch department',
    titleWithCurrent: 'Switch department (current: {{name}})',
    label: 'Department',
    placeholder: 'Choose a department',
    required: 'Department is required',
    none: 'You have no department yet!',
    success: 'Switched to "{{name}}"',
  },
  ok: 'OK',
  cancel: 'Cancel',
};
