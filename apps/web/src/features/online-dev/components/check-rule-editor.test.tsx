import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n.ts';
import { inEnglish, signIn, signOut } from '../../../test/fixtures.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../../../test/render-ui.tsx';
import { CheckRuleEditor } from './check-rule-editor.tsx';

const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const fill = async (testId: string, value: string) => {
  await userEvent.clear(screen.getByTestId(testId));
  // pasted: typing would read '[' and '{' as key names
  await userEvent.click(screen.getByTestId(testId));
  await userEvent.paste(value);
};
const texts = (text: string) => ({ 'zh-TW': text, 'zh-CN': text, 'en-US': text });

/** 'mobile' is a rule code already taken. */
function server(call: FetchCall): unknown {
  const path = call.url.pathname;
  if (path.endsWith('/sys/duplicate/check')) return call.url.searchParams.get('fieldVal') === 'mobile' ? refuse(400, 'This rule code is already used') : null;
  if (path.endsWith('/sys/checkRule/add')) return { id: 5, createdAt: '2026-11-01T00:00:00Z', ...(call.body as object) };
  return new Response(null, { status: 404 });
}

describe('the check rule editor', { timeout: 60_000 }, () => {
  beforeAll(() => inEnglish('online-dev'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    signOut();
    vi.unstubAllGlobals();
  });

  it('refuses a taken code and a pattern that is no regular expression, and sends nothing', async () => {
    signIn(['system:online:add']);
    const calls = stubFetch(server);
    renderUi(<CheckRuleEditor open rule={null} onClose={vi.fn()} />);
    await screen.findByTestId('check-rule-code');
    await fill('check-rule-code', 'mobile');
    expect(await screen.findByText('This rule code is already used', undefined, { timeout: 3000 })).toBeTruthy();
    await fill('check-rule-pattern-0', '[a-');
    await userEvent.click(screen.getByTestId('check-rule-save'));
    expect(await screen.findByText('Not a valid regular expression')).toBeTruthy();
    // the zh-TW message is required; the others fall back to it (the server's rule)
    expect((await screen.findAllByText('Message (Traditional Chinese) is required')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Message (English) is required')).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('adds a rule with its names and patterns in three languages', async () => {
    signIn(['system:online:add']);
    const onClose = vi.fn();
    const calls = stubFetch(server);
    renderUi(<CheckRuleEditor open rule={null} onClose={onClose} />);
    await screen.findByTestId('check-rule-code');
    await fill('check-rule-code', 'tw_mobile');
    for (const language of ['zh-TW', 'zh-CN', 'en-US']) {
      await fill(`check-rule-name-${language}`, 'Mobile');
      await fill(`check-rule-message-0-${language}`, 'Ten digits');
    }
    await fill('check-rule-pattern-0', '09\\d{8}');
    await userEvent.click(screen.getByTestId('check-rule-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 5000 });
    expect(writes(calls)[0]?.body).toEqual({ ruleCode: 'tw_mobile', ruleName: texts('Mobile'), rules: [{ pattern: '09\\d{8}', message: texts('Ten digits') }] });
  });
});
