import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export type UpdatePasswordInput = { username: string; oldpassword: string; password: string; confirmpassword: string };

/**
 * POST /sys/user/updatePassword. Silent: the dialog shows the server's message itself (a wrong old
 * password is a business failure, a weak one a 400) and stays open so the user can correct it.
 */
export const updatePassword = (input: UpdatePasswordInput) => http.post<null>('/sys/user/updatePassword', input, { silent: true });

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
