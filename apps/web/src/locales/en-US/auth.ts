import type { auth as source } from '../zh-TW/auth.ts';

export const auth: typeof source = {
  login: {
    title: 'Sign in with your account',
    username: 'Username',
    password: 'Password',
    usernameRequired: 'Please enter your username',
    passwordRequired: 'Please enter your password',
    submit: 'Sign in',
  },
};
