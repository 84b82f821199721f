import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '../src/messages.ts';
import { LANGUAGES, pickLanguage } from '../src/languages.ts';
import { menuTitles } from '../src/menu-titles.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  it('has every message in every language with the same placeholders', () => {
    for (const [key, texts] of Object.entries(messages)) {
      for (const lang of LANGUAGES) expect(texts[lang].trim(), `${key} ${lang}`).not.toBe('');
      expect(placeholders(texts['zh-CN']), key).toEqual(placeholders(texts['zh-TW']));
      expect(placeholders(texts['en-US']), key).toEqual(placeholders(texts['zh-TW']));
    }
  });

  it('quotes the spec word for word in Simplified Chinese', () => {
    expect(formatMessage('zh-CN', 'oldPasswordRequired')).toBe('请输入旧密码!');
    expect(formatMessage('zh-CN', 'newPasswordRequired')).toBe('请输入新密码!');
    expect(formatMessage('zh-CN', 'confirmPasswordRequired')).toBe('请确认新密码!');
    expect(formatMessage('zh-CN', 'passwordMismatch')).toBe('两次输入的密码不一样！');
    expect(formatMessage('zh-CN', 'noLoggedInUser')).toBe('当前系统无登录用户!');
    expect(formatMessage('zh-CN', 'noDepartments')).toBe('您尚未设置部门信息!');
    expect(formatMessage('zh-CN', 'dictCodeEmpty')).toBe('字典Code不能为空!');
    expect(formatMessage('zh-CN', 'cacheRefreshed')).toBe('刷新缓存完成！');
    expect(formatMessage('zh-CN', 'notFound')).toBe('很抱歉，资源未找到!');
  });

  it('keeps Token失效 in the 401 message of every language, as the client looks for it', () => {
    for (const lang of LANGUAGES) expect(formatMessage(lang, 'tokenInvalid')).toContain('Token失效');
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(formatMessage('en-US', 'dictNotFound', { code: 'X' })).toBe('Dictionary X does not exist');
    expect(formatMessage('en-US', 'dictNotFound')).toBe('Dictionary {code} does not exist');
  });
});

describe('pickLanguage', () => {
  it.each([
    [undefined, 'zh-TW'],
    ['', 'zh-TW'],
    ['fr-FR', 'zh-TW'],
    ['en', 'en-US'],
    ['en-GB,en;q=0.9', 'en-US'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['fr;q=1, en;q=0.5, zh-CN;q=0.8', 'zh-CN'],
    ['en;q=0, zh-CN', 'zh-CN'],
  ])('maps %j to %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('menu titles', () => {
  it('have a text in every language', () => {
    for (const [key, texts] of Object.entries(menuTitles)) for (const lang of LANGUAGES) expect(texts[lang].trim(), `${key} ${lang}`).not.toBe('');
  });
});
