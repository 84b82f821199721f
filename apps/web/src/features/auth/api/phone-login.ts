import type { LoginResult } from '@portal/shared/sys';
import { http } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

/** The server keeps jeecg's names: mobile, and captcha for the SMS code. */
export type PhoneLoginInput = { mobile: string; captcha: string };

/** POST /sys/phoneLogin: answers like /sys/login; failures are shown by the form. */
export const phoneLogin = (input: PhoneLoginInput) => http.post<LoginResult>('/sys/phoneLogin', input, { silent: true });

export const usePhoneLogin = () => useAction(phoneLogin);
