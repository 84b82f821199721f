import type { UserInfo } from '@portal/shared/sys';
import { http } from '../../../lib/http.ts';

/** GET /user/info: the caller's user info as the sign-in answer gives it (whether a password change is still required). */
export const getUserInfo = () => http.get<UserInfo>('/user/info', { silent: true });
