import type { resources as source } from '../../zh-TW/ns/system-sso.ts';

export const resources: typeof source = {
  common: {
    actions: 'Actions',
    cancel: 'Cancel',
    confirmTitle: 'Please confirm',
  },
  account: {
    displayName: 'Name at the provider',
    email: 'Email',
    verified: 'verified',
    unverified: 'unverified',
    status: 'Status',
    keyword: 'Keyword',
    keywordPlaceholder: 'Email, name or username',
    boundUser: 'Bound user',
    boundBy: 'Bound by',
    approvedBy: 'Decided by',
    lastLoginAt: 'Last sign-in',
    createdAt: 'First seen',
    subject: 'Subject',
  },
  status: {
    pending: 'Pending',
    bound: 'Bound',
    rejected: 'Rejected',
  },
  boundBy: {
    email: 'Email',
    admin: 'Approval',
  },
  approve: {
    button: 'Approve',
    title: 'Approve and bind to a user',
    intro: 'The identity "{{name}}" ({{email}}) will sign in as the user you choose.',
    user: 'Bind to user',
    userRequired: 'Choose a user',
    searchPlaceholder: 'Search by username, name or email',
    submit: 'Approve',
    done: 'Bound: the identity may sign in',
  },
  reject: {
    button: 'Reject',
    confirm: 'Reject the identity "{{name}}"? It cannot sign in unless an administrator approves it.',
    done: 'Rejected',
  },
  unbind: {
    button: 'Unbind',
    confirm: 'Unbind the identity "{{name}}" from the user {{username}}? It goes back to pending and cannot sign in.',
    done: 'Unbound',
  },
};
