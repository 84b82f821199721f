import type { errors as source } from '../zh-TW/errors.ts';

export const errors: typeof source = {
  systemTip: 'System notice',
  accessDenied: 'Access denied',
  notFound: 'Sorry, the resource was not found!',
  timeout: 'Network timeout',
  unauthorized: 'Unauthorized, please sign in again',
  expiredTitle: 'Session expired',
  expiredContent: 'Sorry, your session has expired. Please sign in again',
  signInAgain: 'Sign in again',
  operationFailed: 'The operation failed',
  downloadFailed: 'File download failed',
  noFileName: 'No file name defined',
  loadUserFailed: 'Failed to load your user information, please try again!',
  sessionEnded: 'Your session has ended (signed out by an administrator, or the account frozen or removed). Please sign in again',
  rightsChanged: 'Your permissions have changed: this page is no longer available to you',
  dictCodeEmpty: 'The dictionary code must not be empty!',
  chunkTimeout: 'The page took too long to load. Check your network and retry',
  chunkFailed: 'The page failed to load',
  retry: 'Retry',
};
