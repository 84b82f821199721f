/** Texts of the public pages and the account dialogs; zh-TW is the source and the fallback. */
export const auth = {
  login: {
    title: '帳號密碼登入',
    username: '用戶名',
    password: '密碼',
    usernameRequired: '請輸入用戶名',
    passwordRequired: '請輸入密碼',
    submit: '登入',
  },
};
