import { http } from '../../../lib/http.ts';
import type { Permissions } from '../../../lib/auth.ts';

/** GET /sys/permission/getUserPermissionByToken: menu tree, granted buttons, all buttons. */
export const getUserPermission = () => http.get<Permissions>('/sys/permission/getUserPermissionByToken', { silent: true });
