import type { resources as source } from '../../zh-TW/ns/statistics.ts';

export const resources: typeof source = {
  visit: {
    presets: { today: '今天', yesterday: '昨天', thisMonth: '本月', lastMonth: '上月' },
    range: '日期区间',
    custom: '自定义区间',
    tenant: '租户',
    allTenants: '全部租户',
    platform: '平台',
    chartTitle: '每日访问与登录',
    tableTitle: '每日明细',
    tenantsTitle: '各租户合计',
    date: '日期',
    pageViews: '访问次数',
    visitors: '访问人数',
    signIns: '登录次数',
    failedSignIns: '登录失败',
    ip: '独立 IP',
    total: '合计',
    export: '导出',
    empty: '此区间没有数据',
    note: '访问：已登录用户每打开一个菜单页面记一次；日期按服务器时区 00:00:00 至 23:59:59 计。',
    rangeOrder: '结束日期不能早于开始日期',
    rangeTooLong: '查询区间最多 {{max}} 天',
  },
};
