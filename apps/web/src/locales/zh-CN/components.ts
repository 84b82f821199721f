import type { components as source } from '../zh-TW/components.ts';

export const components: typeof source = {
  query: {
    search: '查询',
    reset: '重置',
    expand: '展开',
    collapse: '收起',
    inputPlaceholder: '请输入{{label}}',
    selectPlaceholder: '请选择{{label}}',
    startDate: '开始日期',
    endDate: '结束日期',
  },
  datePresets: { today: '今天', yesterday: '昨天', thisMonth: '本月', lastMonth: '上月' },
  table: {
    total: '共 {{total}} 条',
    refresh: '刷新',
    columns: '列设置',
    columnsTitle: '显示的列',
    columnsReset: '恢复默认',
    columnsAtLeastOne: '至少保留一列',
    export: '导出',
    loadFailed: '数据加载失败',
    retry: '重试',
    region: '查询结果',
  },
  picker: {
    title: '请选择',
    selectOne: '请选择一条记录',
    selected: '已选择 {{count}} 项',
    clear: '清空',
  },
  dict: {
    loading: '加载中…',
  },
};
