import type { LoginResult } from '@portal/shared/sys';
import { http } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';
export type LoginInput = { username: string; password: string };

/** POST /sys/login; failures are shown by the form, not by the client. */
export const login = (input: LoginInput) => http.post<LoginResult>('/sys/login', input, { silent: true });

export const useLogin = () => useAction(login);
