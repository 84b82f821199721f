import type { core } from 'zod';
import type { Texts } from './languages.ts';
import { isMessageKey, MSG_PREFIX, type MessageKey, type MessageParams } from './messages.ts';

/**
 * A zod issue as a message key and its parameters, without `{field}` (the caller names the field:
 * the server's error handler by the screens' labels, the order import by the sheet's columns). Every
 * message says what would be right, in words: "must be a number", never the JavaScript type.
 */
export type IssueMessage = { key: MessageKey; params?: MessageParams };

const EXPECTED: Record<string, Texts> = {
  number: { 'zh-TW': '數字', 'zh-CN': '数字', 'en-US': 'a number' },
  int: { 'zh-TW': '整數', 'zh-CN': '整数', 'en-US': 'a whole number' },
  bigint: { 'zh-TW': '整數', 'zh-CN': '整数', 'en-US': 'a whole number' },
  string: { 'zh-TW': '文字', 'zh-CN': '文本', 'en-US': 'text' },
  boolean: { 'zh-TW': '是或否（true / false）', 'zh-CN': '是或否（true / false）', 'en-US': 'true or false' },
  array: { 'zh-TW': '清單', 'zh-CN': '列表', 'en-US': 'a list' },
  object: { 'zh-TW': '一組欄位', 'zh-CN': '一组字段', 'en-US': 'a group of fields' },
  date: { 'zh-TW': '日期', 'zh-CN': '日期', 'en-US': 'a date' },
};

/** 100000 -> "100,000" (spec §9); bounds zod gives as numbers. */
export function boundText(value: number | bigint): string {
  return typeof value === 'bigint' || Number.isInteger(value) ? BigInt(value).toLocaleString('en-US') : String(value);
}

const valuesText = (values: readonly unknown[]) => values.map(String).join(', ');

/** `choose`: the field is picked from a list, so a missing one is asked for with "請選擇". */
export function issueMessage(issue: core.$ZodIssue, { choose = false }: { choose?: boolean } = {}): IssueMessage {
  if (issue.message.startsWith(MSG_PREFIX)) {
    const key = issue.message.slice(MSG_PREFIX.length);
    if (isMessageKey(key)) return { key };
  }
  const missing: IssueMessage = { key: choose ? 'validationChoose' : 'validationRequired' };
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return missing;
      const expected = EXPECTED[issue.expected];
      return expected ? { key: 'validationType', params: { expected } } : { key: 'validationInvalid' };
    }
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? missing : { key: 'validationTooShort', params: { min: boundText(issue.minimum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return Number(issue.minimum) <= 1 ? missing : { key: 'validationTooFew', params: { min: boundText(issue.minimum) } };
      return { key: issue.inclusive === false ? 'validationAbove' : 'validationTooSmall', params: { min: boundText(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'validationTooLong', params: { max: boundText(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'validationTooMany', params: { max: boundText(issue.maximum) } };
      return { key: issue.inclusive === false ? 'validationBelow' : 'validationTooBig', params: { max: boundText(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'date') return { key: 'validationDate' };
      if (issue.format === 'datetime') return { key: 'validationDateTime' };
      return { key: 'validationFormat' };
    case 'invalid_value':
      if (issue.input === undefined) return missing;
      return { key: 'validationOneOf', params: { values: valuesText(issue.values) } };
    case 'invalid_union': {
      if (issue.discriminator !== undefined && 'options' in issue && issue.options) return { key: 'validationOneOf', params: { values: valuesText(issue.options) } };
      const formats = new Set(issue.errors.map((branch) => (branch[0]?.code === 'invalid_format' ? branch[0].format : 'other')));
      if (formats.size === 2 && formats.has('date') && formats.has('datetime')) return { key: 'validationDateOrTime' };
      return { key: 'validationInvalid' };
    }
    default:
      return { key: 'validationInvalid' };
  }
}
