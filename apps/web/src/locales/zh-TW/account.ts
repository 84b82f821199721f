/** Texts of the account dialogs (change password, switch department); zh-TW is the source and the fallback. */
export const account = {
  password: {
    title: '修改密碼',
    oldPassword: '舊密碼',
    newPassword: '新密碼',
    confirmPassword: '確認新密碼',
    // spec §5, in this language
    oldRequired: '請輸入舊密碼!',
    newRequired: '請輸入新密碼!',
    confirmRequired: '請確認新密碼!',
    mismatch: '兩次輸入的密碼不一樣！',
    noUser: '當前系統無登入使用者!',
    success: '密碼修改成功，其他裝置上的登入已登出',
    rule: '8 至 64 個字元，需同時包含字母與數字',
    weak: '新密碼需 8 至 64 個字元，並同時包含字母與數字',
    sameAsOld: '新密碼不可與舊密碼相同',
    // after an administrator's reset: the portal opens only once the user chose their own
    required: {
      title: '請修改密碼',
      intro: '您的密碼由管理員設定。請在「舊密碼」輸入管理員提供的密碼，並設定您自己的新密碼，才能繼續使用系統。',
      signOut: '登出',
    },
  },
  depart: {
    title: '切換部門',
    titleWithCurrent: '切換部門（目前：{{name}}）',
    label: '部門',
    placeholder: '請選擇部門',
    required: '請選擇部門',
    none: '您尚未設定部門資訊!',
    success: '已切換到「{{name}}」',
  },
  ok: '確定',
  cancel: '取消',
};
