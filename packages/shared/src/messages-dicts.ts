import type { Texts } from './languages.ts';

/** The data dictionary and the category dictionary. */
export const dictsMessages = {
  textZhTwRequired: { 'zh-TW': '請填寫繁體中文名稱', 'zh-CN': '请填写繁体中文名称', 'en-US': 'The Traditional Chinese (zh-TW) text is required' },
  dictCodeTaken: { 'zh-TW': '字典編碼「{code}」已存在', 'zh-CN': '字典编码「{code}」已存在', 'en-US': 'The dictionary code "{code}" is already taken' },
  dictBuiltInDelete: {
    'zh-TW': '字典「{code}」為系統使用，不能刪除',
    'zh-CN': '字典「{code}」为系统使用，不能删除',
    'en-US': 'The dictionary "{code}" is used by the system and cannot be deleted',
  },
  dictBuiltInCode: {
    'zh-TW': '字典「{code}」為系統使用，不能修改編碼',
    'zh-CN': '字典「{code}」为系统使用，不能修改编码',
    'en-US': 'The dictionary "{code}" is used by the system: its code cannot change',
  },
  dictBuiltInValues: {
    'zh-TW': '字典「{code}」為系統使用，不能新增、修改或刪除其項目的值',
    'zh-CN': '字典「{code}」为系统使用，不能新增、修改或删除其项目的值',
    'en-US': 'The dictionary "{code}" is used by the system: its item values cannot be added, changed or deleted',
  },
  dictBuiltInDisable: {
    'zh-TW': '字典「{code}」為系統使用，其項目不能停用（停用後列表將無法顯示該值的名稱）',
    'zh-CN': '字典「{code}」为系统使用，其项目不能停用（停用后列表将无法显示该值的名称）',
    'en-US': 'The dictionary "{code}" is used by the system: its items cannot be disabled (lists would lose the text of their values)',
  },
  dictItemValueEmpty: { 'zh-TW': '請填寫資料值', 'zh-CN': '请填写数据值', 'en-US': 'The item value is required' },
  dictItemValueFormat: { 'zh-TW': '資料值不能包含控制字元', 'zh-CN': '数据值不能包含控制字符', 'en-US': 'The item value must not hold control characters' },
  dictItemColorFormat: {
    'zh-TW': '顏色須為預設顏色名稱（如 blue）或 #rrggbb',
    'zh-CN': '颜色须为预设颜色名称（如 blue）或 #rrggbb',
    'en-US': 'The colour must be a preset name (such as blue) or #rrggbb',
  },
  dictItemValueTaken: { 'zh-TW': '資料值「{value}」在此字典中已存在', 'zh-CN': '数据值「{value}」在此字典中已存在', 'en-US': 'The value "{value}" is already in this dictionary' },
  dictItemSortIncomplete: {
    'zh-TW': '排序須包含此字典的每個項目各一次',
    'zh-CN': '排序须包含此字典的每个项目各一次',
    'en-US': 'The order must list every item of the dictionary once',
  },
  cacheRefreshFailed: { 'zh-TW': '刷新快取失敗！', 'zh-CN': '刷新缓存失败！', 'en-US': 'Cache refresh failed!' },
  categoryCodeEmpty: { 'zh-TW': '請填寫分類編碼', 'zh-CN': '请填写分类编码', 'en-US': 'The category code is required' },
  categoryCodeFormat: {
    'zh-TW': '分類編碼只能包含英文字母、數字、底線、連字號與點，且以字母或數字開頭',
    'zh-CN': '分类编码只能包含英文字母、数字、下划线、连字符与点，且以字母或数字开头',
    'en-US': 'A category code holds letters, digits, underscores, hyphens and dots, and starts with a letter or digit',
  },
  categoryCodeTaken: { 'zh-TW': '分類編碼「{code}」已存在', 'zh-CN': '分类编码「{code}」已存在', 'en-US': 'The category code "{code}" is already taken' },
  categoryHasChildren: {
    'zh-TW': '分類「{code}」下還有子分類，請先刪除子分類',
    'zh-CN': '分类「{code}」下还有子分类，请先删除子分类',
    'en-US': 'The category "{code}" has subcategories: delete them first',
  },
  categoryParentNotFound: { 'zh-TW': '上級分類不存在', 'zh-CN': '上级分类不存在', 'en-US': 'The parent category does not exist' },
} as const satisfies Record<string, Texts>;
