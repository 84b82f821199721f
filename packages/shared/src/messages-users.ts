import type { Texts } from './languages.ts';

/** User management: /sys/user/* of the administrators. */
export const usersMessages = {
  userCurrentDepartNotAmong: {
    'zh-TW': '目前部門須是所選部門之一',
    'zh-CN': '当前部门须是所选部门之一',
    'en-US': 'The current department must be one of the chosen departments',
  },
  userAvatarInvalid: {
    'zh-TW': '頭像須是上傳的圖片',
    'zh-CN': '头像须是上传的图片',
    'en-US': 'The avatar must be an uploaded image',
  },
  userPasswordOwnReset: {
    'zh-TW': '不能重設自己的密碼，請使用「修改密碼」',
    'zh-CN': '不能重置自己的密码，请使用“修改密码”',
    'en-US': 'You cannot reset your own password: use Change password instead',
  },
  userHasNoPhone: {
    'zh-TW': '此使用者沒有手機號碼，無法以簡訊發送新密碼',
    'zh-CN': '此用户没有手机号码，无法以短信发送新密码',
    'en-US': 'This user has no mobile number: the new password cannot be sent by SMS',
  },
  userPasswordSmsText: {
    'zh-TW': '【商家後台】管理員已重設您的密碼，新密碼是 {password}，請登入後立即修改。',
    'zh-CN': '【商家后台】管理员已重置您的密码，新密码是 {password}，请登录后立即修改。',
    'en-US': '[Merchant portal] An administrator reset your password. The new one is {password}; change it after you sign in.',
  },
  userPasswordShown: {
    'zh-TW': '密碼已重設，該使用者的登入已全部登出；新密碼只顯示這一次',
    'zh-CN': '密码已重置，该用户的登录已全部退出；新密码只显示这一次',
    'en-US': "Password reset and the user's sessions signed out; the new password is shown this once",
  },
  userPasswordSent: {
    'zh-TW': '密碼已重設並以簡訊發送，該使用者的登入已全部登出',
    'zh-CN': '密码已重置并以短信发送，该用户的登录已全部退出',
    'en-US': "Password reset and sent by SMS; the user's sessions were signed out",
  },
  usersFrozen: { 'zh-TW': '已凍結，其登入已立即登出', 'zh-CN': '已冻结，其登录已立即退出', 'en-US': 'Frozen; their sessions ended at once' },
  usersUnfrozen: { 'zh-TW': '已解凍', 'zh-CN': '已解冻', 'en-US': 'Unfrozen' },
  avatarNotImage: {
    'zh-TW': '頭像只接受 PNG、JPEG 或 WebP 圖片',
    'zh-CN': '头像只接受 PNG、JPEG 或 WebP 图片',
    'en-US': 'The avatar must be a PNG, JPEG or WebP image',
  },
  avatarTooLarge: { 'zh-TW': '頭像不可超過 {limit}', 'zh-CN': '头像不可超过 {limit}', 'en-US': 'The avatar must not exceed {limit}' },
  avatarFileMissing: { 'zh-TW': '請選擇頭像圖片', 'zh-CN': '请选择头像图片', 'en-US': 'Choose an avatar image' },
} as const satisfies Record<string, Texts>;
