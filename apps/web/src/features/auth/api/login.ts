import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@portal/shared/sys';
import { http } from '../../../lib/http.ts';
export type LoginInput = { username: string; password: string };

/** POST /sys/login; failures are shown by the form, not by the client. */
export const login = (input: LoginInput) => http.post<LoginResult>('/sys/login', input, { silent: true });

export const useLogin = () => useMutation({ mutationFn: login });
