import type { Texts } from './languages.ts';

/** The refusals of the data rule calls (apps/server/src/modules/system/data-rule, docs/decisions/0016-data-rules.md). */
export const dataRulesMessages = {
  dataRuleUnknownField: {
    'zh-TW': '資料規則的欄位「{name}」不在此選單可用的欄位中',
    'zh-CN': '数据规则的字段「{name}」不在此菜单可用的字段中',
    'en-US': 'The data rule field "{name}" is not one this menu allows',
  },
  dataRuleUnknownOperator: {
    'zh-TW': '不認識的條件「{operator}」：只能是等於、不等於、大於、大於等於、小於、小於等於、在清單中、不在清單中、包含、開頭是、結尾是、為空、不為空',
    'zh-CN': '不认识的条件「{operator}」：只能是等于、不等于、大于、大于等于、小于、小于等于、在列表中、不在列表中、包含、开头是、结尾是、为空、不为空',
    'en-US': 'Unknown condition "{operator}": it must be equals, not equals, greater than, at least, less than, at most, in, not in, contains, starts with, ends with, empty or not empty',
  },
  dataRuleOperatorNotForField: {
    'zh-TW': '條件「{operator}」不能用於欄位「{name}」',
    'zh-CN': '条件「{operator}」不能用于字段「{name}」',
    'en-US': 'The condition "{operator}" cannot be used on the field "{name}"',
  },
  dataRuleUnknownVariable: {
    'zh-TW': '不認識的變數「{variable}」',
    'zh-CN': '不认识的变量「{variable}」',
    'en-US': 'Unknown variable "{variable}"',
  },
  dataRuleVariableNotForField: {
    'zh-TW': '變數「{variable}」不能用於欄位「{name}」',
    'zh-CN': '变量「{variable}」不能用于字段「{name}」',
    'en-US': 'The variable "{variable}" cannot be used on the field "{name}"',
  },
  dataRuleListVariable: {
    'zh-TW': '變數「{variable}」代表多個值，只能與「在清單中」或「不在清單中」一起使用',
    'zh-CN': '变量「{variable}」代表多个值，只能与「在列表中」或「不在列表中」一起使用',
    'en-US': 'The variable "{variable}" stands for several values: use it with "in" or "not in"',
  },
  dataRuleValueRequired: {
    'zh-TW': '請輸入規則值或選擇變數（「為空」與「不為空」不需要值）',
    'zh-CN': '请输入规则值或选择变量（「为空」与「不为空」不需要值）',
    'en-US': 'Enter a value or choose a variable ("empty" and "not empty" take none)',
  },
  dataRuleBadValue: {
    'zh-TW': '欄位「{name}」的規則值「{value}」格式不正確',
    'zh-CN': '字段「{name}」的规则值「{value}」格式不正确',
    'en-US': 'The value "{value}" does not fit the field "{name}"',
  },
  dataRuleTooManyValues: {
    'zh-TW': '清單最多 {max} 個值',
    'zh-CN': '列表最多 {max} 个值',
    'en-US': 'A list takes at most {max} values',
  },
  dataRuleMenuNotWired: {
    'zh-TW': '此選單沒有可設定資料規則的資料',
    'zh-CN': '此菜单没有可设置数据规则的数据',
    'en-US': 'This menu has no data that rules can narrow',
  },
  dataRuleNotOfMenu: {
    'zh-TW': '所選的資料規則不屬於此選單',
    'zh-CN': '所选的数据规则不属于此菜单',
    'en-US': 'The chosen data rules are not rules of this menu',
  },
  dataRuleMenuNotHeld: {
    'zh-TW': '您只能為自己擁有的選單設定資料規則',
    'zh-CN': '您只能为自己拥有的菜单设置数据规则',
    'en-US': 'You can only set data rules on menus you hold yourself',
  },
  dataRuleOwnRole: {
    'zh-TW': '您不能變更自己所屬角色的資料規則',
    'zh-CN': '您不能变更自己所属角色的数据规则',
    'en-US': 'You cannot change the data rules of a role you hold yourself',
  },
  dataRuleSaved: { 'zh-TW': '資料規則已儲存', 'zh-CN': '数据规则已保存', 'en-US': 'The data rule is saved' },
  dataRuleDeleted: { 'zh-TW': '資料規則已刪除', 'zh-CN': '数据规则已删除', 'en-US': 'The data rule is deleted' },
  roleDataRulesSaved: { 'zh-TW': '角色的資料規則已儲存', 'zh-CN': '角色的数据规则已保存', 'en-US': "The role's data rules are saved" },
} as const satisfies Record<string, Texts>;
