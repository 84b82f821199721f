import type { components as source } from '../zh-TW/components.ts';

export const components: typeof source = {
  query: {
    search: '查询',
    reset: '重置',
    expand: '展开',
    collapse: '收起',
    inputPlaceholder: '请输入{{label}}',
    selectPlaceholder: '请选择{{label}}',
    // a number searched by its beginning, any case (the server's numberSearch)
    numberPlaceholder: '完整号码或开头几位',
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
  dictCodeSelect: {
    placeholder: '选择字典',
    loadFailed: '字典列表无法加载',
  },
  // the popup picker on a report, and a report's page
  reportPicker: {
    configMissing: 'popup参数未正确配置!',
    configMismatch: 'popup参数未正确配置,原始值和目标值数量不一致!',
    choose: '选择',
    orders: '选择订单',
    users: '选择用户',
    parcels: '选择包裹',
  },
  onlineReport: {
    export: '导出 Excel',
    showChart: '显示图表',
    hideChart: '隐藏图表',
    chartEmpty: '没有可绘制的数据',
    rangeFrom: '{{label}}（起）',
    rangeTo: '{{label}}（止）',
  },
  categorySelect: {
    placeholder: '请选择分类',
    noMatch: '没有符合的分类',
  },
  dict: {
    loading: '加载中…',
  },
  // the online form renderer
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
    tooLarge: '文件有 {{size}}，超过上限 {{max}}',
    emptyFile: '文件是空的',
    upload: '导入',
    uploading: '正在上传并检查…',
    again: '重新选择',
    close: '关闭',
    remove: '移除文件',
    row: '行',
    column: '列',
    message: '问题',
  },
  // an add or edit form in a drawer (components/editor-drawer.tsx)
  editorDrawer: { cancel: '取消', save: '保存', saved: '已保存' },
  // checks: the Traditional/Simplified converter button
  scriptConvert: {
    fromTraditional: '从繁体转换',
    fromSimplified: '从简体转换',
    toSimplified: '转为简体',
    toTraditional: '转为繁体',
    hint: '用服务器的繁简转换填入此栏',
    nothing: '没有可转换的文字',
    tooLong: '文字过长，无法转换（上限 {{max}} 字）',
    failed: '转换失败，请稍后再试',
  },
};
