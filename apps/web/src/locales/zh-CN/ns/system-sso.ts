import type { resources as source } from '../../zh-TW/ns/system-sso.ts';

export const resources: typeof source = {
  common: {
    actions: '操作',
    cancel: '取消',
    confirmTitle: '请确认',
  },
  account: {
    displayName: '第三方名称',
    email: '电子邮件',
    verified: '已验证',
    unverified: '未验证',
    status: '状态',
    keyword: '关键字',
    keywordPlaceholder: '电子邮件、名称或用户名',
    boundUser: '绑定用户',
    boundBy: '绑定方式',
    approvedBy: '审核人',
    lastLoginAt: '最近登录',
    createdAt: '首次登录',
    subject: '标识符',
  },
  status: {
    pending: '待审核',
    bound: '已绑定',
    rejected: '已驳回',
  },
  boundBy: {
    email: '电子邮件',
    admin: '管理员核准',
  },
  approve: {
    button: '核准绑定',
    title: '核准并绑定用户',
    intro: '第三方账号「{{name}}」（{{email}}）将能以所选用户的身份登录。',
    user: '绑定到用户',
    userRequired: '请选择一位用户',
    searchPlaceholder: '输入用户名、姓名或电子邮件搜索',
    submit: '核准',
    done: '已绑定并核准登录',
  },
  reject: {
    button: '驳回',
    confirm: '驳回第三方账号「{{name}}」？它将无法登录，直到管理员核准。',
    done: '已驳回',
  },
  unbind: {
    button: '解除绑定',
    confirm: '解除第三方账号「{{name}}」与用户 {{username}} 的绑定？它将回到待审核状态，无法登录。',
    done: '已解除绑定',
  },
};
