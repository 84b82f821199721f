import type { LoginResult } from '@portal/shared/sys';
import type { SignInType } from '@portal/shared/third-login';
import { http } from '../../../lib/http.ts';

/** GET /sys/common/getAllType: the ways in the login page offers (password, phone, the deployment's provider). */
export const getAllType = () => http.get<SignInType[]>('/sys/common/getAllType', { silent: true });

/** GET /thirdLogin/getLoginUser/{token}: the callback's one-time ticket for what /sys/login answers; failures are shown by the page. */
export const getThirdLoginUser = (ticket: string) => http.get<LoginResult>(`/thirdLogin/getLoginUser/${encodeURIComponent(ticket)}`, { silent: true });
