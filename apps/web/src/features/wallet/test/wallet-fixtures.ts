import { dictOption as option, signIn } from '../../../test/fixtures.ts';
import type { FetchCall } from '../../../test/render-ui.tsx';

/** The wallet's calls, by their path after /platform-api/finance/virtualWallet/. */
export const WALLET = '/platform-api/finance/virtualWallet/';
export const callsTo = (calls: readonly FetchCall[], path: string) => calls.filter((call) => call.url.pathname === `${WALLET}${path}`);

/** Signed in with these button codes (and the order status dictionary the charges show). */
export const signInWith = (codes: readonly string[]) => signIn(codes, { LOGOrderStateEnum: [option('WHIN', 'In warehouse'), option('WHOUT', 'Shipped out')] });

/** The options list of the select that is open now (antd keeps closed ones in the document, hidden). */
export function openDropdown(): HTMLElement {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter((element) => !element.className.includes('-hidden'));
  const last = open.at(-1);
  if (!last) throw new Error('no select is open');
  return last;
}
