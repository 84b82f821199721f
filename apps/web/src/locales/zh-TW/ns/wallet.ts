/** The merchant's wallet screens (overview, recharge, payment and refund records) in zh-TW (the default and the reference for the other languages). */
export const resources = {
  common: {
    actions: '操作',
  },
};
