import { http } from '../../../lib/http.ts';

/** POST /sys/logout: revokes the session on the server. */
export const logout = () => http.post<null>('/sys/logout', {}, { silent: true });
