import { download } from '../../../lib/http.ts';
import { userTimeZone } from '../list-body.ts';

/** GET /finance/brand/account/history/exportXls?id=: one statement with its movements, as an Excel file, in the user's time zone. */
export const exportStatement = (id: number) => download('/finance/brand/account/history/exportXls', { params: { id, timeZone: userTimeZone() } });
