import type { Language, Texts } from './languages.ts';

/**
 * Titles of menus ('menu.*') and permission buttons ('button.*'), keyed by the `key` of the server's menu seed.
 * No key is a prefix of another one ('menu.x.root' is the group, 'menu.x.y' its children).
 */
export const menuTitles: Record<string, Texts> = {
  // menus
  'menu.home': { 'zh-TW': '首頁', 'zh-CN': '首页', 'en-US': 'Home' },
  'menu.announcementInbox': { 'zh-TW': '我的公告', 'zh-CN': '我的公告', 'en-US': 'My Announcements' },
  'menu.productSearch': { 'zh-TW': '商品搜尋', 'zh-CN': '商品搜索', 'en-US': 'Product Search' },
  'menu.productDetail': { 'zh-TW': '商品詳情', 'zh-CN': '商品详情', 'en-US': 'Product' },
  'menu.purchaseStock': { 'zh-TW': '採購庫存', 'zh-CN': '采购库存', 'en-US': 'Purchased Stock' },
  'menu.purchasing.root': { 'zh-TW': '採購作業', 'zh-CN': '采购作业', 'en-US': 'Purchasing Desk' },
  'menu.purchasing.queue': { 'zh-TW': '待採購佇列', 'zh-CN': '待采购队列', 'en-US': 'Purchase Queue' },
  'menu.purchasing.order': { 'zh-TW': '平台採購訂單', 'zh-CN': '平台采购订单', 'en-US': 'Platform Purchase Orders' },
  'menu.warehouse.purchaseReceive': { 'zh-TW': '採購到貨入庫', 'zh-CN': '采购到货入库', 'en-US': 'Purchased Goods In' },

  'menu.logistics.root': { 'zh-TW': '物流管理', 'zh-CN': '物流管理', 'en-US': 'Logistics' },
  'menu.logistics.internationalOrder': {
    'zh-TW': '國際物流訂單管理',
    'zh-CN': '国际物流订单管理',
    'en-US': 'International Logistics Orders',
  },
  'menu.logistics.internationalOrderDetail': {
    'zh-TW': '國際物流訂單詳情',
    'zh-CN': '国际物流订单详情',
    'en-US': 'International Logistics Order Details',
  },
  'menu.logistics.order': { 'zh-TW': '物流訂單管理', 'zh-CN': '物流订单管理', 'en-US': 'Logistics Orders' },
  'menu.logistics.package': { 'zh-TW': '包裹管理', 'zh-CN': '包裹管理', 'en-US': 'Package Management' },
  'menu.logistics.pickupBatch': { 'zh-TW': '提貨批次', 'zh-CN': '提货批次', 'en-US': 'Pick-up Batches' },
  'menu.logistics.collectionException': {
    'zh-TW': '收件單異常',
    'zh-CN': '揽收单异常',
    'en-US': 'Collection Order Exceptions',
  },

  'menu.purchase.taobao.root': { 'zh-TW': '淘寶採購', 'zh-CN': '淘宝采购', 'en-US': 'Taobao Purchasing' },
  'menu.purchase.taobao.preOrder': { 'zh-TW': '預購單管理', 'zh-CN': '预购单管理', 'en-US': 'Pre-purchase Orders' },
  'menu.purchase.taobao.order': { 'zh-TW': '採購訂單管理', 'zh-CN': '采购订单管理', 'en-US': 'Purchase Orders' },
  'menu.purchase.1688.root': { 'zh-TW': '1688採購', 'zh-CN': '1688采购', 'en-US': '1688 Purchasing' },
  'menu.purchase.1688.preOrder': { 'zh-TW': '預購單管理', 'zh-CN': '预购单管理', 'en-US': 'Pre-purchase Orders' },
  'menu.purchase.1688.order': { 'zh-TW': '採購訂單管理', 'zh-CN': '采购订单管理', 'en-US': 'Purchase Orders' },

  'menu.config.root': { 'zh-TW': '系統配置', 'zh-CN': '系统配置', 'en-US': 'System Configuration' },
  'menu.config.token': { 'zh-TW': 'Token設定', 'zh-CN': 'Token配置', 'en-US': 'Token Settings' },
  'menu.config.messagePush': { 'zh-TW': '訊息推送設定', 'zh-CN': '消息推送配置', 'en-US': 'Message Push Settings' },
  'menu.config.taobaoGlobalToken': {
    'zh-TW': '淘寶全球Token設定',
    'zh-CN': '淘宝全球Token配置',
    'en-US': 'Taobao Global Token Settings',
  },

  'menu.finance.root': { 'zh-TW': '財務模組', 'zh-CN': '财务模块', 'en-US': 'Finance' },
  'menu.finance.rateApply': { 'zh-TW': '匯率申請', 'zh-CN': '汇率申请', 'en-US': 'Exchange Rate Applications' },
  'menu.finance.detail': { 'zh-TW': '財務明細', 'zh-CN': '财务明细', 'en-US': 'Finance Details' },
  'menu.finance.alipayStatement': {
    'zh-TW': '支付寶月結單',
    'zh-CN': '支付宝月结单',
    'en-US': 'Alipay Monthly Statements',
  },
  'menu.finance.wallet.root': { 'zh-TW': '虛擬錢包', 'zh-CN': '虚拟钱包', 'en-US': 'Virtual Wallet' },
  'menu.finance.wallet.overview': { 'zh-TW': '錢包總覽', 'zh-CN': '钱包总览', 'en-US': 'Wallet Overview' },
  'menu.finance.wallet.recharge': { 'zh-TW': '充值紀錄', 'zh-CN': '充值记录', 'en-US': 'Recharge Records' },
  'menu.finance.wallet.payment': { 'zh-TW': '支付紀錄', 'zh-CN': '支付记录', 'en-US': 'Payment Records' },
  'menu.finance.wallet.refund': { 'zh-TW': '退款紀錄', 'zh-CN': '退款记录', 'en-US': 'Refund Records' },
  'menu.finance.review.root': { 'zh-TW': '財務審核', 'zh-CN': '财务审核', 'en-US': 'Finance Review' },
  'menu.finance.review.recharge': { 'zh-TW': '充值審核', 'zh-CN': '充值审核', 'en-US': 'Recharge Review' },
  'menu.finance.review.refund': { 'zh-TW': '退款審核', 'zh-CN': '退款审核', 'en-US': 'Refund Review' },
  'menu.finance.review.rateApply': { 'zh-TW': '匯率申請審核', 'zh-CN': '汇率申请审核', 'en-US': 'Rate Application Review' },
  'menu.finance.review.accounts': { 'zh-TW': '帳戶餘額', 'zh-CN': '账户余额', 'en-US': 'Account Balances' },
  'menu.finance.review.exchangeRate': { 'zh-TW': '匯率管理', 'zh-CN': '汇率管理', 'en-US': 'Exchange Rates' },

  'menu.statistics.root': { 'zh-TW': '統計分析', 'zh-CN': '统计分析', 'en-US': 'Statistics' },
  'menu.statistics.api': { 'zh-TW': 'API統計', 'zh-CN': 'API统计', 'en-US': 'API Statistics' },
  'menu.statistics.messagePush': {
    'zh-TW': '訊息推送統計',
    'zh-CN': '消息推送统计',
    'en-US': 'Message Push Statistics',
  },
  'menu.statistics.visit': { 'zh-TW': '造訪統計', 'zh-CN': '访问统计', 'en-US': 'Visit Statistics' },

  'menu.warehouse.root': { 'zh-TW': '倉庫作業', 'zh-CN': '仓库作业', 'en-US': 'Warehouse Operations' },
  'menu.warehouse.receive': { 'zh-TW': '包裹入庫', 'zh-CN': '包裹入库', 'en-US': 'Parcel Receiving' },
  'menu.warehouse.shipOut': { 'zh-TW': '包裹出庫', 'zh-CN': '包裹出库', 'en-US': 'Ship Out' },
  'menu.warehouse.trackingEvent': { 'zh-TW': '物流軌跡事件', 'zh-CN': '物流轨迹事件', 'en-US': 'Tracking Events' },
  'menu.warehouse.pickupConfirm': { 'zh-TW': '提貨確認', 'zh-CN': '提货确认', 'en-US': 'Pick-up Confirmation' },
  'menu.warehouse.exception': { 'zh-TW': '收件單異常管理', 'zh-CN': '揽收单异常管理', 'en-US': 'Collection Exceptions' },
  'menu.warehouse.rateCard': { 'zh-TW': '運費價目表', 'zh-CN': '运费价格表', 'en-US': 'Freight Rate Cards' },

  'menu.system.root': { 'zh-TW': '系統管理', 'zh-CN': '系统管理', 'en-US': 'System Management' },
  'menu.system.user': { 'zh-TW': '使用者管理', 'zh-CN': '用户管理', 'en-US': 'User Management' },
  'menu.system.role': { 'zh-TW': '角色管理', 'zh-CN': '角色管理', 'en-US': 'Role Management' },
  'menu.system.permission': { 'zh-TW': '選單管理', 'zh-CN': '菜单管理', 'en-US': 'Menu Management' },
  'menu.system.depart': { 'zh-TW': '部門管理', 'zh-CN': '部门管理', 'en-US': 'Department Management' },
  'menu.system.position': { 'zh-TW': '職務管理', 'zh-CN': '职务管理', 'en-US': 'Position Management' },
  'menu.system.myDepart': { 'zh-TW': '我的部門', 'zh-CN': '我的部门', 'en-US': 'My Department' },
  'menu.system.addressBook': { 'zh-TW': '通訊錄', 'zh-CN': '通讯录', 'en-US': 'Address Book' },
  'menu.system.dict': { 'zh-TW': '資料字典', 'zh-CN': '数据字典', 'en-US': 'Data Dictionary' },
  'menu.system.category': { 'zh-TW': '分類字典', 'zh-CN': '分类字典', 'en-US': 'Category Dictionary' },
  'menu.system.announcement': { 'zh-TW': '系統公告', 'zh-CN': '系统公告', 'en-US': 'System Announcements' },
  'menu.system.tenant': { 'zh-TW': '租戶管理', 'zh-CN': '租户管理', 'en-US': 'Tenant Management' },
  'menu.system.tenantMenu': { 'zh-TW': '租戶選單管理', 'zh-CN': '租户菜单管理', 'en-US': 'Tenant Menu Management' },
  'menu.system.token': { 'zh-TW': 'Token管理', 'zh-CN': 'Token管理', 'en-US': 'Token Management' },
  'menu.system.thirdAccount': { 'zh-TW': '第三方帳號', 'zh-CN': '第三方账号', 'en-US': 'Third-party Identities' },
  'menu.system.loginLog': { 'zh-TW': '登入日誌', 'zh-CN': '登录日志', 'en-US': 'Sign-in Log' },
  'menu.system.auditLog': { 'zh-TW': '稽核日誌', 'zh-CN': '审计日志', 'en-US': 'Audit Log' },
  'menu.system.online': { 'zh-TW': '線上開發', 'zh-CN': '在线开发', 'en-US': 'Online Development' },

  // buttons
  'button.add': { 'zh-TW': '新增', 'zh-CN': '新增', 'en-US': 'Add' },
  'button.edit': { 'zh-TW': '編輯', 'zh-CN': '编辑', 'en-US': 'Edit' },
  'button.delete': { 'zh-TW': '刪除', 'zh-CN': '删除', 'en-US': 'Delete' },
  'button.cancel': { 'zh-TW': '取消', 'zh-CN': '取消', 'en-US': 'Cancel' },
  'button.import': { 'zh-TW': '匯入', 'zh-CN': '导入', 'en-US': 'Import' },
  'button.export': { 'zh-TW': '匯出', 'zh-CN': '导出', 'en-US': 'Export' },
  'button.detail': { 'zh-TW': '檢視詳情', 'zh-CN': '查看详情', 'en-US': 'View Details' },
  'button.submit': { 'zh-TW': '提交', 'zh-CN': '提交', 'en-US': 'Submit' },
  'button.approve': { 'zh-TW': '審核通過', 'zh-CN': '审核通过', 'en-US': 'Approve' },
  'button.unbind': { 'zh-TW': '解除綁定', 'zh-CN': '解除绑定', 'en-US': 'Unbind' },
  'button.reject': { 'zh-TW': '駁回', 'zh-CN': '驳回', 'en-US': 'Reject' },
  'button.preview': { 'zh-TW': '預覽', 'zh-CN': '预览', 'en-US': 'Preview' },
  'button.addToPreOrder': { 'zh-TW': '加入預購', 'zh-CN': '加入预购', 'en-US': 'Add to Pre-purchase' },
  'button.cancelOrder': { 'zh-TW': '取消訂單', 'zh-CN': '取消订单', 'en-US': 'Cancel Order' },
  'button.printLabel': { 'zh-TW': '列印面單', 'zh-CN': '打印面单', 'en-US': 'Print Label' },
  'button.tracking': { 'zh-TW': '查詢軌跡', 'zh-CN': '查询轨迹', 'en-US': 'Track' },
  'button.forecastPackage': { 'zh-TW': '包裹預報', 'zh-CN': '包裹预报', 'en-US': 'Forecast Package' },
  'button.goodsReady': { 'zh-TW': '備貨完成', 'zh-CN': '备货完成', 'en-US': 'Mark Goods Ready' },
  'button.deal': { 'zh-TW': '處理', 'zh-CN': '处理', 'en-US': 'Handle' },
  'button.submitPurchase': { 'zh-TW': '提交採購', 'zh-CN': '提交采购', 'en-US': 'Submit for Purchase' },
  'button.syncOrders': { 'zh-TW': '同步訂單', 'zh-CN': '同步订单', 'en-US': 'Sync Orders' },
  'button.pay': { 'zh-TW': '付款', 'zh-CN': '付款', 'en-US': 'Pay' },
  'button.resetSecret': { 'zh-TW': '重設金鑰', 'zh-CN': '重置密钥', 'en-US': 'Reset Secret' },
  'button.testPush': { 'zh-TW': '測試推送', 'zh-CN': '测试推送', 'en-US': 'Send Test Push' },
  'button.shipAbroad': { 'zh-TW': '建立國際訂單', 'zh-CN': '创建国际订单', 'en-US': 'Ship Abroad' },
  'button.authorizeApp': { 'zh-TW': '授權', 'zh-CN': '授权', 'en-US': 'Authorize' },
  'button.takeOrder': { 'zh-TW': '領取', 'zh-CN': '领取', 'en-US': 'Take' },
  'button.createPurchaseOrders': { 'zh-TW': '建立採購單', 'zh-CN': '创建采购单', 'en-US': 'Create Purchase Orders' },
  'button.placeOrder': { 'zh-TW': '下單', 'zh-CN': '下单', 'en-US': 'Place Order' },
  'button.confirmPurchase': { 'zh-TW': '確認採購', 'zh-CN': '确认采购', 'en-US': 'Confirm Purchase' },
  'button.sellerShipped': { 'zh-TW': '賣家已發貨', 'zh-CN': '卖家已发货', 'en-US': 'Seller Shipped' },
  'button.reconcile': { 'zh-TW': '對帳', 'zh-CN': '对账', 'en-US': 'Reconcile' },
  'button.refreshToken': { 'zh-TW': '更新Token', 'zh-CN': '刷新Token', 'en-US': 'Refresh Token' },
  'button.applyRefund': { 'zh-TW': '申請退款', 'zh-CN': '申请退款', 'en-US': 'Request Refund' },
  'button.retryPush': { 'zh-TW': '重新推送', 'zh-CN': '重新推送', 'en-US': 'Retry Push' },
  'button.scanIn': { 'zh-TW': '掃描入庫', 'zh-CN': '扫描入库', 'en-US': 'Scan In' },
  'button.scanOut': { 'zh-TW': '掃描出庫', 'zh-CN': '扫描出库', 'en-US': 'Scan Out' },
  'button.reportException': { 'zh-TW': '登記異常', 'zh-CN': '登记异常', 'en-US': 'Report Exception' },
  'button.createBatch': { 'zh-TW': '建立出庫批次', 'zh-CN': '创建出库批次', 'en-US': 'Create Shipment Batch' },
  'button.schedulePickup': { 'zh-TW': '安排提貨', 'zh-CN': '安排提货', 'en-US': 'Schedule Pick-up' },
  'button.takeGoods': { 'zh-TW': '登記已提貨', 'zh-CN': '登记已提货', 'en-US': 'Mark Picked Up' },
  'button.confirmPickup': { 'zh-TW': '確認提貨', 'zh-CN': '确认提货', 'en-US': 'Confirm Pick-up' },
  'button.freeze': { 'zh-TW': '凍結/解凍', 'zh-CN': '冻结/解冻', 'en-US': 'Freeze/Unfreeze' },
  'button.resetPassword': { 'zh-TW': '重設密碼', 'zh-CN': '重置密码', 'en-US': 'Reset Password' },
  'button.authorize': { 'zh-TW': '授權', 'zh-CN': '授权', 'en-US': 'Assign Permissions' },
  'button.dataRule': { 'zh-TW': '資料權限規則', 'zh-CN': '数据权限规则', 'en-US': 'Data Rules' },
  'button.addMember': { 'zh-TW': '新增成員', 'zh-CN': '添加成员', 'en-US': 'Add Member' },
  'button.removeMember': { 'zh-TW': '移除成員', 'zh-CN': '移除成员', 'en-US': 'Remove Member' },
  'button.viewPhone': { 'zh-TW': '查看完整手機號碼', 'zh-CN': '查看完整手机号码', 'en-US': 'View Full Mobile Numbers' },
  'button.dictItems': { 'zh-TW': '字典項目設定', 'zh-CN': '字典项配置', 'en-US': 'Dictionary Items' },
  'button.refreshCache': { 'zh-TW': '重新整理快取', 'zh-CN': '刷新缓存', 'en-US': 'Refresh Cache' },
  'button.publish': { 'zh-TW': '發布', 'zh-CN': '发布', 'en-US': 'Publish' },
  'button.convert': { 'zh-TW': '換匯', 'zh-CN': '换汇', 'en-US': 'Convert' },
  'button.reverse': { 'zh-TW': '沖正', 'zh-CN': '冲正', 'en-US': 'Reverse' },
  'button.revoke': { 'zh-TW': '撤銷', 'zh-CN': '撤销', 'en-US': 'Revoke' },
  'button.forceLogout': { 'zh-TW': '強制下線', 'zh-CN': '强制下线', 'en-US': 'Force Logout' },
};

/** A title key in a language; a key this catalogue does not know (an entry an administrator added) as it is. */
export function menuTitle(key: string, language: Language): string {
  const texts = Object.hasOwn(menuTitles, key) ? menuTitles[key] : undefined;
  return texts ? texts[language] || texts['zh-TW'] : key;
}

/** A menu entry's title: an administrator's title (menu management) wins over its key's translation. */
export function entryTitle(meta: { title: string; titles?: Texts | null }, language: Language): string {
  return meta.titles?.[language] || meta.titles?.['zh-TW'] || menuTitle(meta.title, language);
}
