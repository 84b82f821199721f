import type { SmsPurpose } from '@portal/shared/sys';
import { http } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

export type SendSmsInput = { phone: string; purpose: SmsPurpose };
/** seconds before the next code may be asked for, and how long this one stays valid */
export type SendSmsResult = { resendAfter: number; expiresIn: number };

/** POST /account/sms: a 6-digit code by SMS; the limits answer success false with the server's message, shown by the form. */
export const sendSms = (input: SendSmsInput) => http.post<SendSmsResult>('/account/sms', input, { silent: true });

export const useSendSms = () => useAction(sendSms);
