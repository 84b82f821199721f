import type { auth as source } from '../zh-TW/auth.ts';

export const auth: typeof source = {
  login: {
    title: '账号密码登录',
    username: '用户名',
    password: '密码',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    submit: '登录',
  },
};
