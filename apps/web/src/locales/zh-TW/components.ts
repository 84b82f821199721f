/** Texts of the shared building blocks (list toolkit, popup picker, dictionaries); zh-TW is the source and the fallback. */
export const components = {
  query: {
    search: '查詢',
    reset: '重置',
    expand: '展開',
    collapse: '收起',
    inputPlaceholder: '請輸入{{label}}',
    selectPlaceholder: '請選擇{{label}}',
    // a number searched by its beginning, any case (the server's numberSearch)
    numberPlaceholder: '完整號碼或開頭幾碼',
    startDate: '開始日期',
    endDate: '結束日期',
  },
  datePresets: { today: '今天', yesterday: '昨天', thisMonth: '本月', lastMonth: '上月' },
  table: {
    total: '共 {{total}} 條',
    refresh: '重新整理',
    columns: '列設定',
    columnsTitle: '顯示的列',
    columnsReset: '恢復預設',
    columnsAtLeastOne: '至少保留一列',
    export: '匯出',
    loadFailed: '資料載入失敗',
    retry: '重試',
    /** the name of the table's scrolling region, for assistive technology */
    region: '查詢結果',
  },
  picker: {
    title: '請選擇',
    selectOne: '請選擇一筆紀錄',
    selected: '已選擇 {{count}} 項',
    clear: '清空',
  },
  // a dictionary chosen by name or code
  dictCodeSelect: {
    placeholder: '選擇字典',
    loadFailed: '字典清單無法載入',
  },
  // the popup picker on a report, and a report's page
  reportPicker: {
    configMissing: 'popup參數未正確配置!',
    configMismatch: 'popup參數未正確配置,原始值和目標值數量不一致!',
    choose: '選擇',
    orders: '選擇訂單',
    users: '選擇使用者',
    parcels: '選擇包裹',
  },
  onlineReport: {
    export: '匯出 Excel',
    showChart: '顯示圖表',
    hideChart: '隱藏圖表',
    chartEmpty: '沒有可繪製的資料',
    rangeFrom: '{{label}}（起）',
    rangeTo: '{{label}}（迄）',
  },
  categorySelect: {
    placeholder: '請選擇分類',
    noMatch: '沒有符合的分類',
  },
  dict: {
    loading: '載入中…',
  },
  // the online form renderer
  onlineForm: {
    required: '請輸入{{label}}',
    tooLong: '{{label}}最多 {{max}} 個字元',
    atLeast: '{{label}}不能小於 {{min}}',
    atMost: '{{label}}不能大於 {{max}}',
    between: '{{label}}須介於 {{min}} 與 {{max}} 之間',
    popupPlaceholder: '點擊搜尋按鈕選擇{{label}}',
    popupOpen: '選擇{{label}}',
  },
  importDialog: {
    downloadTemplate: '下載範本',
    stepFile: '2. 選擇填好的 Excel 檔案（.xlsx）',
    chooseFile: '點擊或拖曳檔案到此處',
    wrongType: '只能匯入 Excel 活頁簿（.xlsx）',
    tooLarge: '檔案有 {{size}}，超過上限 {{max}}',
    emptyFile: '檔案是空的',
    upload: '匯入',
    uploading: '正在上傳與檢查…',
    again: '重新選擇',
    close: '關閉',
    remove: '移除檔案',
    row: '行',
    column: '欄位',
    message: '問題',
  },
  // an add or edit form in a drawer (components/editor-drawer.tsx)
  editorDrawer: { cancel: '取消', save: '儲存', saved: '已儲存' },
  // checks: the Traditional/Simplified converter button
  scriptConvert: {
    fromTraditional: '從繁體轉換',
    fromSimplified: '從簡體轉換',
    toSimplified: '轉為簡體',
    toTraditional: '轉為繁體',
    hint: '以伺服器的繁簡轉換填入此欄',
    nothing: '沒有可轉換的文字',
    tooLong: '文字過長，無法轉換（上限 {{max}} 字）',
    failed: '轉換失敗，請稍後再試',
  },
};
