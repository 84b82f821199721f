import type { Texts } from '@portal/shared/languages';

const t = (zhTW: string, zhCN: string, en: string): Texts => ({ 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': en });

/** Stored validation rules, used by /sys/checkRule/checkByCode. Patterns are RE2 syntax, whole-value. */
export const checkRuleSeeds: { ruleCode: string; ruleName: Texts; rules: { pattern: string; message: Texts }[] }[] = [
  {
    ruleCode: 'mobile',
    ruleName: t('手機號碼', '手机号码', 'Mobile number'),
    rules: [
      {
        pattern: '(\\+?\\d{1,4}[- ]?)?\\d{6,14}',
        message: t('請輸入正確的手機號碼', '请输入正确的手机号码', 'Enter a valid mobile number'),
      },
    ],
  },
  {
    ruleCode: 'email',
    ruleName: t('電子郵件', '电子邮件', 'Email'),
    rules: [
      {
        pattern: '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}',
        message: t('請輸入正確的電子郵件地址', '请输入正确的电子邮件地址', 'Enter a valid email address'),
      },
    ],
  },
  {
    ruleCode: 'merchant_order_no',
    ruleName: t('商家訂單號', '商家订单号', 'Merchant order number'),
    rules: [
      // the order's own schema allows 64 (referenceNo): the form's rule check must not refuse what the server takes
      { pattern: '.{1,64}', message: t('商家訂單號長度為 1 至 64 個字元', '商家订单号长度为 1 至 64 个字符', 'A merchant order number has 1 to 64 characters') },
      {
        pattern: '[A-Za-z0-9_-]+',
        message: t('商家訂單號只能包含字母、數字、底線與連字號', '商家订单号只能包含字母、数字、下划线与连字符', 'Letters, digits, underscores and hyphens only'),
      },
    ],
  },
  {
    ruleCode: 'tracking_number',
    ruleName: t('追蹤號碼', '追踪号码', 'Tracking number'),
    rules: [{ pattern: '[A-Za-z0-9-]{6,40}', message: t('追蹤號碼為 6 至 40 位字母或數字', '追踪号码为 6 至 40 位字母或数字', 'A tracking number has 6 to 40 letters or digits') }],
  },
];

/** The category dictionary: product categories of declared goods. */
export const categorySeeds: { code: string; parent?: string; name: Texts }[] = [
  { code: 'C01', name: t('服飾鞋包', '服饰鞋包', 'Clothing, shoes and bags') },
  { code: 'C0101', parent: 'C01', name: t('服裝', '服装', 'Clothing') },
  { code: 'C0102', parent: 'C01', name: t('鞋靴', '鞋靴', 'Shoes') },
  { code: 'C0103', parent: 'C01', name: t('箱包', '箱包', 'Bags') },
  { code: 'C02', name: t('3C 電子', '3C 电子', 'Electronics') },
  { code: 'C0201', parent: 'C02', name: t('手機配件', '手机配件', 'Phone accessories') },
  { code: 'C0202', parent: 'C02', name: t('電腦周邊', '电脑周边', 'Computer peripherals') },
  { code: 'C03', name: t('美妝個護', '美妆个护', 'Beauty and personal care') },
  { code: 'C04', name: t('家居生活', '家居生活', 'Home and living') },
  { code: 'C05', name: t('食品', '食品', 'Food') },
  { code: 'C06', name: t('玩具母嬰', '玩具母婴', 'Toys, mother and baby') },
  { code: 'C07', name: t('書籍文具', '书籍文具', 'Books and stationery') },
];
