import type { Texts } from './languages.ts';

/** Online development: the messages of online forms (online-form), their rows, check rules and publishing. */
export const onlineFormMessages = {
  // the designer
  onlineFormNotFound: { 'zh-TW': '線上表單不存在', 'zh-CN': '在线表单不存在', 'en-US': 'The online form does not exist' },
  onlineFormCodeTaken: { 'zh-TW': '表單編碼 {code} 已被使用', 'zh-CN': '表单编码 {code} 已被使用', 'en-US': 'The form code {code} is taken' },
  onlineFormCodeFixed: { 'zh-TW': '表單編碼 {code} 建立後不能修改', 'zh-CN': '表单编码 {code} 创建后不能修改', 'en-US': 'The form code {code} cannot change once made' },
  onlineFormStale: {
    'zh-TW': '表單定義已被他人修改，請重新載入後再儲存',
    'zh-CN': '表单定义已被他人修改，请重新加载后再保存',
    'en-US': 'Someone else changed this form meanwhile: reload it and save again',
  },
  onlineFormHasRows: {
    'zh-TW': '表單已有 {count} 筆資料，不能刪除',
    'zh-CN': '表单已有 {count} 条数据，不能删除',
    'en-US': 'The form cannot be deleted: it holds rows ({count})',
  },
  onlineFormFieldTwice: { 'zh-TW': '欄位 {name} 重複', 'zh-CN': '字段 {name} 重复', 'en-US': 'The field {name} appears twice' },
  onlineFormFieldKeyReserved: { 'zh-TW': '欄位名稱 {name} 為保留字', 'zh-CN': '字段名称 {name} 为保留字', 'en-US': 'The field name {name} is reserved' },
  onlineFormDictRequired: { 'zh-TW': '欄位 {name} 須選擇字典', 'zh-CN': '字段 {name} 须选择字典', 'en-US': 'The field {name} needs a dictionary' },
  onlineFormDictUnknown: { 'zh-TW': '欄位 {name} 的字典 {code} 不存在', 'zh-CN': '字段 {name} 的字典 {code} 不存在', 'en-US': 'The dictionary {code} of the field {name} does not exist' },
  onlineFormRuleUnknown: { 'zh-TW': '欄位 {name} 的校驗規則 {code} 不存在', 'zh-CN': '字段 {name} 的校验规则 {code} 不存在', 'en-US': 'The check rule {code} of the field {name} does not exist' },
  onlineFormPopupReportUnknown: { 'zh-TW': '欄位 {name} 的報表 {code} 不存在', 'zh-CN': '字段 {name} 的报表 {code} 不存在', 'en-US': 'The report {code} of the field {name} does not exist' },
  onlineFormPopupTargetUnknown: {
    'zh-TW': '欄位 {name} 的目標欄位 {target} 不在表單上',
    'zh-CN': '字段 {name} 的目标字段 {target} 不在表单上',
    'en-US': 'The target field {target} of the field {name} is not on the form',
  },
  onlineFormEnhancementFieldUnknown: {
    'zh-TW': '第 {index} 條增強規則的欄位 {name} 不在表單上',
    'zh-CN': '第 {index} 条增强规则的字段 {name} 不在表单上',
    'en-US': 'Enhancement {index}: the field {name} is not on the form',
  },
  onlineFormBoundInvalid: {
    'zh-TW': '欄位 {name} 的上下限須為數字，且下限不大於上限',
    'zh-CN': '字段 {name} 的上下限须为数字，且下限不大于上限',
    'en-US': 'The bounds of the field {name} must be numbers, the lower one not above the upper one',
  },
  onlineFormUniqueTaken: {
    'zh-TW': '欄位 {field} 的值 {value} 已存在',
    'zh-CN': '字段 {field} 的值 {value} 已存在',
    'en-US': 'The value {value} of the field {field} already exists',
  },
  onlineFormUniqueDuplicates: {
    'zh-TW': '欄位 {field} 已有重複的值，不能設為唯一',
    'zh-CN': '字段 {field} 已有重复的值，不能设为唯一',
    'en-US': 'The field {field} already holds duplicate values and cannot be made unique',
  },
  onlineFormRollbackKind: { 'zh-TW': '此處只能回滾表單', 'zh-CN': '此处只能回滚表单', 'en-US': 'Only a form can be rolled back here' },
  onlineVersionNotKept: { 'zh-TW': '版本 {version} 未保留', 'zh-CN': '版本 {version} 未保留', 'en-US': 'Version {version} is not kept' },
  onlineFormSaved: { 'zh-TW': '表單已儲存', 'zh-CN': '表单已保存', 'en-US': 'The form is saved' },
  // rows
  onlineRowNotFound: { 'zh-TW': '資料不存在', 'zh-CN': '数据不存在', 'en-US': 'The row does not exist' },
  onlineRowStale: {
    'zh-TW': '此筆資料已被他人修改，請重新載入後再儲存',
    'zh-CN': '此条数据已被他人修改，请重新加载后再保存',
    'en-US': 'Someone else changed this row meanwhile: reload it and save again',
  },
  onlineRowFieldUnknown: { 'zh-TW': '表單沒有欄位 {name}', 'zh-CN': '表单没有字段 {name}', 'en-US': 'The form has no field {name}' },
  onlineRowRequired: { 'zh-TW': '請輸入{field}', 'zh-CN': '请输入{field}', 'en-US': 'Enter {field}' },
  onlineRowTooLong: { 'zh-TW': '{field}最多 {max} 個字元', 'zh-CN': '{field}最多 {max} 个字符', 'en-US': '{field} has at most {max} characters' },
  onlineRowNotText: { 'zh-TW': '{field}須為文字', 'zh-CN': '{field}须为文字', 'en-US': '{field} must be text' },
  onlineRowNotNumber: { 'zh-TW': '{field}須為數字', 'zh-CN': '{field}须为数字', 'en-US': '{field} must be a number' },
  onlineRowNotInteger: { 'zh-TW': '{field}須為整數', 'zh-CN': '{field}须为整数', 'en-US': '{field} must be a whole number' },
  onlineRowScale: { 'zh-TW': '{field}最多 {scale} 位小數', 'zh-CN': '{field}最多 {scale} 位小数', 'en-US': '{field} has at most {scale} decimals' },
  onlineRowBelowMin: { 'zh-TW': '{field}不能小於 {min}', 'zh-CN': '{field}不能小于 {min}', 'en-US': '{field} cannot be below {min}' },
  onlineRowAboveMax: { 'zh-TW': '{field}不能大於 {max}', 'zh-CN': '{field}不能大于 {max}', 'en-US': '{field} cannot be above {max}' },
  onlineRowNotDate: { 'zh-TW': '{field}須為日期（YYYY-MM-DD）', 'zh-CN': '{field}须为日期（YYYY-MM-DD）', 'en-US': '{field} must be a date (YYYY-MM-DD)' },
  onlineRowNotTime: { 'zh-TW': '{field}須為日期時間', 'zh-CN': '{field}须为日期时间', 'en-US': '{field} must be a date and time' },
  onlineRowNotOption: { 'zh-TW': '{field}的值 {value} 不是可選的選項', 'zh-CN': '{field}的值 {value} 不是可选的选项', 'en-US': '{value} is not an option of {field}' },
  onlineRowNotSwitch: { 'zh-TW': '{field}須為是或否', 'zh-CN': '{field}须为是或否', 'en-US': '{field} must be yes or no' },
  onlineRowRuleFailed: { 'zh-TW': '{message}', 'zh-CN': '{message}', 'en-US': '{message}' },
  onlineRowSortUnknown: { 'zh-TW': '不能依 {column} 排序', 'zh-CN': '不能按 {column} 排序', 'en-US': 'The list cannot be sorted by {column}' },
  onlineRowFilterUnknown: { 'zh-TW': '不能依 {name} 查詢', 'zh-CN': '不能按 {name} 查询', 'en-US': 'The list cannot be searched by {name}' },
  onlineRowExportTitle: { 'zh-TW': '{title}', 'zh-CN': '{title}', 'en-US': '{title}' },
  onlineRowsImported: { 'zh-TW': '已匯入 {count} 筆', 'zh-CN': '已导入 {count} 条', 'en-US': 'Rows imported: {count}' },
  onlineRowsNothingImported: {
    'zh-TW': '有 {count} 處錯誤，未匯入任何資料',
    'zh-CN': '有 {count} 处错误，未导入任何数据',
    'en-US': 'Errors: {count}. Nothing was imported',
  },
  // check rules
  checkRuleNotFound: { 'zh-TW': '校驗規則不存在', 'zh-CN': '校验规则不存在', 'en-US': 'The check rule does not exist' },
  checkRuleCodeTaken: { 'zh-TW': '規則編碼 {code} 已被使用', 'zh-CN': '规则编码 {code} 已被使用', 'en-US': 'The rule code {code} is taken' },
  checkRulePatternInvalid: {
    'zh-TW': '第 {index} 條規則的正則表達式無法編譯',
    'zh-CN': '第 {index} 条规则的正则表达式无法编译',
    'en-US': 'The pattern of rule {index} does not compile',
  },
  checkRuleInUse: {
    'zh-TW': '規則 {code} 正被表單 {form} 使用，不能刪除',
    'zh-CN': '规则 {code} 正被表单 {form} 使用，不能删除',
    'en-US': 'The rule {code} is used by the form {form} and cannot be deleted',
  },
  // publishing
  onlinePublishParentInvalid: {
    'zh-TW': '上層選單須為選單目錄中的選單',
    'zh-CN': '上级菜单须为菜单目录中的菜单',
    'en-US': 'The parent must be a menu of the catalogue',
  },
  onlinePublishPackageUnknown: { 'zh-TW': '套餐 {id} 不存在', 'zh-CN': '套餐 {id} 不存在', 'en-US': 'The package {id} does not exist' },
  onlinePublishPermsTaken: {
    'zh-TW': '權限編碼 {perms} 已被其他選單使用',
    'zh-CN': '权限编码 {perms} 已被其他菜单使用',
    'en-US': 'The permission code {perms} is held by another menu entry',
  },
  onlineReportNotFoundForPublish: { 'zh-TW': '線上報表不存在', 'zh-CN': '在线报表不存在', 'en-US': 'The online report does not exist' },
  onlinePublished: { 'zh-TW': '已發佈到選單', 'zh-CN': '已发布到菜单', 'en-US': 'Published to the menu' },
} as const satisfies Record<string, Texts>;
