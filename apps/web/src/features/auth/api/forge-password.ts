import { http } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

export type ForgePasswordInput = { phone: string; smsCode: string; password: string; confirmPassword: string };

/** POST /auth/forge-password: a new password with the SMS code sent for purpose reset; failures are shown by the form. */
export const forgePassword = (input: ForgePasswordInput) => http.post<null>('/auth/forge-password', input, { silent: true });

export const useForgePassword = () => useAction(forgePassword);
