import type { ExceptionStatus } from '@portal/shared/logistics';

/** The permission codes of the screen (menu-tree.ts) as the server checks them (modules/exception/routes.ts). */
export const LIST_PERMISSION = 'warehouse:exception:list';
export const ADD_PERMISSION = 'warehouse:exception:add';
export const UPDATE_PERMISSION = 'warehouse:exception:update';

/** What the platform may set: ask the merchant ('2'), close ('3'), cancel ('4'). */
export type PlatformMove = '2' | '3' | '4';
export const PLATFORM_MOVES: readonly PlatformMove[] = ['2', '3', '4'];

/**
 * The server's PLATFORM_EXCEPTION_MOVES (modules/exception/routes.ts), which the web cannot import:
 * an open exception ('0', '2') may be asked about, closed or cancelled; a handled one ('1') only
 * closed; closed and cancelled are final. A button is offered only where the server would accept it.
 */
const ALLOWED: Readonly<Record<ExceptionStatus, readonly PlatformMove[]>> = {
  '0': ['2', '3', '4'],
  '1': ['3'],
  '2': ['2', '3', '4'],
  '3': [],
  '4': [],
};

export const movesFrom = (status: ExceptionStatus): readonly PlatformMove[] => ALLOWED[status];

/** The server's remark limit on /warehouse/exception/update and the description limit on /add. */
export const REMARK_MAX = 1000;
export const DESCRIPTION_MAX = 1000;
/** The order number limit on /warehouse/exception/add. */
export const ORDER_NO_MAX = 32;
