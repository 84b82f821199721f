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
  categorySelect: {
    placeholder: '请选择分类',
    noMatch: '没有符合的分类',
  },
  dict: {
    loading: '加载中…',
  },
  // issue 16 (form-ui): the online form renderer
  onlineForm: {
    required: '请输入{{label}}',
    tooLong: '{{label}}最多 {{max}} 个字符',
    atLeast: '{{label}}不能小于 {{min}}',
    atMost: '{{label}}不能大于 {{max}}',
    between: '{{label}}须介于 {{min}} 与 {{max}} 之间',
    popupPlaceholder: '点击搜索按钮选择{{label}}',
    popupOpen: '选择{{label}}',
  },
  importDialog: {
    downloadTemplate: '下载模板',
    stepFile: '2. 选择填好的 Excel 文件（.xlsx）',
    chooseFile: '点击或拖拽文件到此处',
    wrongType: '只能导入 Excel 工作簿（.xlsx）',
    tooLarge: '文件过大（上限 5 MB）',
    upload: '导入',
    again: '重新选择',
    close: '关闭',
    row: '行',
    column: '列',
    message: '问题',
  },
};
