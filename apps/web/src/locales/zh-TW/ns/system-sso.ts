/** Third-party identities (single sign-on, docs/decisions/0020): the platform's approval screen. */
export const resources = {
  common: {
    actions: '操作',
    cancel: '取消',
    confirmTitle: '請確認',
  },
  account: {
    displayName: '第三方名稱',
    email: '電子郵件',
    verified: '已驗證',
    unverified: '未驗證',
    status: '狀態',
    keyword: '關鍵字',
    keywordPlaceholder: '電子郵件、名稱或帳號',
    boundUser: '綁定使用者',
    boundBy: '綁定方式',
    approvedBy: '審核人',
    lastLoginAt: '最近登入',
    createdAt: '首次登入',
    subject: '識別碼',
  },
  status: {
    pending: '待審核',
    bound: '已綁定',
    rejected: '已駁回',
  },
  boundBy: {
    email: '電子郵件',
    admin: '管理員核准',
  },
  approve: {
    button: '核准綁定',
    title: '核准並綁定使用者',
    intro: '第三方帳號「{{name}}」（{{email}}）將能以所選使用者的身分登入。',
    user: '綁定到使用者',
    userRequired: '請選擇一位使用者',
    searchPlaceholder: '輸入帳號、姓名或電子郵件搜尋',
    submit: '核准',
    done: '已綁定並核准登入',
  },
  reject: {
    button: '駁回',
    confirm: '駁回第三方帳號「{{name}}」？它將無法登入，直到管理員核准。',
    done: '已駁回',
  },
  unbind: {
    button: '解除綁定',
    confirm: '解除第三方帳號「{{name}}」與使用者 {{username}} 的綁定？它將回到待審核狀態，無法登入。',
    done: '已解除綁定',
  },
};
