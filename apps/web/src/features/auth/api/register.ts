import { http } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

export type RegisterInput = { companyName: string; username: string; phone: string; smsCode: string; password: string; confirmPassword: string };
export type RegisterResult = { tenantId: number; username: string };

/** POST /auth/register: a new merchant (tenant and main account); failures are shown by the form. */
export const register = (input: RegisterInput) => http.post<RegisterResult>('/auth/register', input, { silent: true });

export const useRegister = () => useAction(register);
