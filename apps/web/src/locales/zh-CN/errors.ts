import type { errors as source } from '../zh-TW/errors.ts';

/** Spec §8, word for word. */
export const errors: typeof source = {
  systemTip: '系统提示',
  accessDenied: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  timeout: '网络超时',
  unauthorized: '未授权，请重新登录',
  expiredTitle: '登录已过期',
  expiredContent: '很抱歉，登录已过期，请重新登录',
  signInAgain: '重新登录',
  operationFailed: '操作失败',
  downloadFailed: '文件下载失败',
  noFileName: '未定义文件名称',
  loadUserFailed: '请求用户信息失败，请重试！',
  sessionEnded: '您的登录已结束（已被管理员登出，或账号已被冻结或删除），请重新登录',
  rightsChanged: '您的权限已变更，此页面已不再提供',
  dictCodeEmpty: '字典Code不能为空!',
  chunkTimeout: '页面加载超时，请检查网络后重试',
  chunkFailed: '页面加载失败',
  retry: '重试',
};
