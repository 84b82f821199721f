import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { changeLanguage } from '../lib/i18n.ts';
import { refuse, renderUi, stubFetch, type FetchCall } from '../test/render-ui.tsx';
import { ScriptConvertButton, type Script } from './script-convert-button.tsx';

/** The server's converter, for the two words the tests use. */
const CONVERTED: Record<string, string> = { '0:國際運單': '国际运单', '1:国际运单': '國際運單' };
function server(call: FetchCall): unknown {
  if (!call.url.pathname.endsWith('/open/converter')) return new Response(null, { status: 404 });
  const { original, sign } = call.body as { original: string; sign: number };
  if (original === 'refused') return refuse(400, 'The text could not be converted');
  return CONVERTED[`${sign}:${original}`] ?? original;
}
const conversions = (calls: FetchCall[]) => calls.filter((call) => call.url.pathname.endsWith('/open/converter'));

/** Two sibling fields, each fillable from the other, as the texts of dictionaries and menus have them. */
function Siblings() {
  const [form] = Form.useForm<{ 'zh-TW': string; 'zh-CN': string }>();
  const button = (to: Script, from: Script) => (
    <ScriptConvertButton to={to} from={() => form.getFieldValue(from) as string | undefined} onConverted={(text) => form.setFieldValue(to, text)} testId={`convert-${to}`} />
  );
  return (
    <Form form={form} initialValues={{ 'zh-TW': '', 'zh-CN': '' }}>
      <Form.Item name="zh-TW" label="Traditional" extra={button('zh-TW', 'zh-CN')}>
        <Input />
      </Form.Item>
      <Form.Item name="zh-CN" label="Simplified" extra={button('zh-CN', 'zh-TW')}>
        <Input />
      </Form.Item>
    </Form>
  );
}

describe('the script convert button', { timeout: 60_000 }, () => {
  beforeAll(() => changeLanguage('en-US'));
  afterAll(() => changeLanguage('zh-TW'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('fills the Simplified field from the Traditional one and back, through POST /open/converter', async () => {
    const calls = stubFetch(server);
    renderUi(<Siblings />);
    await userEvent.type(screen.getByLabelText('Traditional'), '國際運單');
    await userEvent.click(screen.getByRole('button', { name: 'From Traditional' }));
    await waitFor(() => expect((screen.getByLabelText('Simplified') as HTMLInputElement).value).toBe('国际运单'));
    expect(conversions(calls).map((call) => call.body)).toEqual([{ original: '國際運單', sign: 0 }]);
    await userEvent.clear(screen.getByLabelText('Traditional'));
    await userEvent.click(screen.getByRole('button', { name: 'From Simplified' }));
    await waitFor(() => expect((screen.getByLabelText('Traditional') as HTMLInputElement).value).toBe('國際運單'));
    expect(conversions(calls).at(-1)?.body).toEqual({ original: '国际运单', sign: 1 });
  });

  it('asks nothing when there is nothing to convert, and says so', async () => {
    const calls = stubFetch(server);
    renderUi(<Siblings />);
    await userEvent.click(screen.getByRole('button', { name: 'From Traditional' }));
    expect(await screen.findByText('There is no text to convert')).toBeTruthy();
    expect(conversions(calls)).toEqual([]);
  });

  it("converts a single field in place and shows the server's refusal, leaving the text as it was", async () => {
    const calls = stubFetch(server);
    let text = '国际运单';
    const onConverted = vi.fn((converted: string) => {
      text = converted;
    });
    renderUi(<ScriptConvertButton mode="in-place" to="zh-TW" from={() => text} onConverted={onConverted} />);
    // the same button twice (its tooltip, once open, hides it from a second query by role)
    const button = screen.getByRole('button', { name: 'To Traditional' });
    await userEvent.click(button);
    await waitFor(() => expect(onConverted).toHaveBeenCalledWith('國際運單'));
    text = 'refused';
    await userEvent.click(button);
    expect(await screen.findByText('The text could not be converted')).toBeTruthy();
    expect(onConverted).toHaveBeenCalledTimes(1);
    expect(conversions(calls)).toHaveLength(2);
  });
});
