import type { account as source } from '../zh-TW/account.ts';

export const account: typeof source = {
  password: {
    title: '修改密码',
    oldPassword: '旧密码',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    // spec §5, word for word
    oldRequired: '请输入旧密码!',
    newRequired: '请输入新密码!',
    confirmRequired: '请确认新密码!',
    mismatch: '两次输入的密码不一样！',
    noUser: '当前系统无登录用户!',
    success: '密码修改成功，其他设备上的登录已退出',
    rule: '8 至 64 个字符，需同时包含字母与数字',
    weak: '新密码需 8 至 64 个字符，并同时包含字母与数字',
    sameAsOld: '新密码不可与旧密码相同',
    required: {
      title: '请修改密码',
      intro: '您的密码由管理员设置。请在“旧密码”输入管理员提供的密码，并设置您自己的新密码，才能继续使用系统。',
      signOut: '退出登录',
    },
  },
  depart: {
    title: '切换部门',
    titleWithCurrent: '切换部门（当前：{{name}}）',
    label: '部门',
    placeholder: '请选择部门',
    required: '请选择部门',
    none: '您尚未设置部门信息!',
    success: '已切换到“{{name}}”',
  },
  ok: '确定',
  cancel: '取消',
};
