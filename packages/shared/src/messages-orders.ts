import type { Texts } from './languages.ts';

/** Messages of the merchant's orders (modules/logistics): list, create, edit, cancel, import, export. */
export const orderMessages = {
  orderTransitionRefused: {
    'zh-TW': '訂單狀態不能從「{from}」變為「{to}」',
    'zh-CN': '订单状态不能从「{from}」变为「{to}」',
    'en-US': 'The order cannot move from "{from}" to "{to}"',
  },
  orderChangedMeanwhile: {
    'zh-TW': '訂單已被其他操作更新，請重新整理後再試',
    'zh-CN': '订单已被其他操作更新，请刷新后再试',
    'en-US': 'The order was changed by someone else meanwhile; reload it and try again',
  },
} as const satisfies Record<string, Texts>;
