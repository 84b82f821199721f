import type { Texts } from './languages.ts';

/** Online development: what reports, forms and the popup picker share. */
export const onlineMessages = {
  onlineTitleTaken: {
    'zh-TW': '標題「{title}」已由 {code} 使用：兩者在選單與列表中將無法區分',
    'zh-CN': '标题「{title}」已由 {code} 使用：两者在菜单与列表中将无法区分',
    'en-US': 'The title "{title}" is already {code}\'s: the two could not be told apart in menus and lists',
  },
  onlineCodeFormat: {
    'zh-TW': '編碼須以小寫字母開頭，只含小寫字母、數字與底線，2 至 40 個字元',
    'zh-CN': '编码须以小写字母开头，只含小写字母、数字与下划线，2 至 40 个字符',
    'en-US': 'The code starts with a lower-case letter and has 2 to 40 lower-case letters, digits or underscores',
  },
  onlineFieldKeyFormat: {
    'zh-TW': '欄位名稱須以字母開頭，只含字母、數字與底線，最多 40 個字元',
    'zh-CN': '字段名称须以字母开头，只含字母、数字与下划线，最多 40 个字符',
    'en-US': 'A field name starts with a letter and has at most 40 letters, digits or underscores',
  },
  onlineTitleRequired: { 'zh-TW': '請輸入三種語言的名稱', 'zh-CN': '请输入三种语言的名称', 'en-US': 'Enter the title in all three languages' },
  onlineReportColumnsRequired: { 'zh-TW': '報表至少要有一欄', 'zh-CN': '报表至少要有一列', 'en-US': 'A report needs at least one column' },
  onlineFormFieldsRequired: { 'zh-TW': '表單至少要有一個欄位', 'zh-CN': '表单至少要有一个字段', 'en-US': 'A form needs at least one field' },
  // spec §5, word for word in Simplified Chinese
  popupConfigMissing: { 'zh-TW': 'popup參數未正確配置!', 'zh-CN': 'popup参数未正确配置!', 'en-US': 'The popup is not configured correctly!' },
  popupConfigMismatch: {
    'zh-TW': 'popup參數未正確配置,原始值和目標值數量不一致!',
    'zh-CN': 'popup参数未正确配置,原始值和目标值数量不一致!',
    'en-US': 'The popup is not configured correctly: the original and target field lists differ in count!',
  },
} as const satisfies Record<string, Texts>;
