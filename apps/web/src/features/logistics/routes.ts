/** The order detail's menu path (a hidden menu entry, logistics/international-order-detail): each order opens in a tab of its own. */
export const ORDER_DETAIL_PATH = '/logistics/international-order/detail';

export const orderDetailPath = (id: number) => `${ORDER_DETAIL_PATH}?id=${id}`;
