import { afterAll, describe, expect, test } from 'vitest';
import { render, screen, act } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, changeLanguage, i18n, readStoredLanguage } from './i18n.ts';

afterAll(() => changeLanguage('zh-TW'));

function Title() {
  const { t } = useTranslation();
  return <p>{t('productTitle')}</p>;
}

describe('the interface language', () => {
  test('is stored as TC for the default (spec §9) and under its code otherwise, and read back either way', async () => {
    await changeLanguage('en-US');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en-US');
    await changeLanguage('zh-TW');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('TC');
    expect(readStoredLanguage()).toBe('zh-TW');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh-CN');
    expect(readStoredLanguage()).toBe('zh-CN');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr-FR');
    expect(readStoredLanguage()).toBe('zh-TW');
  });

  test('loads a language that is not in the entry when it is chosen, and the texts follow', async () => {
    render(<Title />);
    const traditional = screen.getByRole('paragraph').textContent;
    await act(() => changeLanguage('zh-CN'));
    expect(screen.getByRole('paragraph').textContent).not.toBe(traditional);
    expect(document.documentElement.lang).toBe('zh-CN');
    await act(() => changeLanguage('en-US'));
    expect(screen.getByRole('paragraph').textContent).toBe('Cross-border Shipping Merchant Portal');
  });

  test("counts in the language's own forms: one person and two people in English, one form in Chinese", async () => {
    const members = async (language: 'zh-TW' | 'zh-CN' | 'en-US', count: number) => {
      await changeLanguage(language);
      await i18n.loadNamespaces('system-departs');
      return i18n.getFixedT(language, 'system-departs')('tree.members', { count });
    };
    expect([await members('en-US', 1), await members('en-US', 2), await members('en-US', 0)]).toEqual(['1 person', '2 people', '0 people']);
    expect([await members('zh-TW', 1), await members('zh-TW', 2)]).toEqual(['1 人', '2 人']);
    expect([await members('zh-CN', 1), await members('zh-CN', 2)]).toEqual(['1 人', '2 人']);
  });
});
