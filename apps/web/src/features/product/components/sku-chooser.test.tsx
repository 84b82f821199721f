import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { renderUi } from '../../../test/render-ui.tsx';
import type { SkuSelection } from '../sku-choice.ts';
import { SKUS } from '../test/fixtures.ts';
import { SkuChooser } from './sku-chooser.tsx';

function Chooser({ onSelection }: { onSelection: (selection: SkuSelection) => void }) {
  const [selection, setSelection] = useState<SkuSelection>({});
  return (
    <SkuChooser
      skus={SKUS}
      selection={selection}
      onChange={(next) => {
        setSelection(next);
        onSelection(next);
      }}
    />
  );
}

const value = (name: string, text: string) => screen.getByTestId(`sku-value-${name}-${text}`);
const disabled = (name: string, text: string) => (value(name, text) as HTMLButtonElement).disabled;

describe('the SKU chooser', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await changeLanguage('en-US');
    await i18n.loadNamespaces('product');
  });
  afterAll(async () => {
    await changeLanguage('zh-TW');
  });

  it('has one group per property and disables the combinations out of stock or not sold', async () => {
    const seen: SkuSelection[] = [];
    renderUi(<Chooser onSelection={(s) => seen.push(s)} />);
    expect(screen.getAllByRole('group')).toHaveLength(2);
    expect(disabled('尺码', 'S')).toBe(false);
    await userEvent.click(value('颜色', '黑色'));
    expect(value('颜色', '黑色').getAttribute('aria-pressed')).toBe('true');
    // black S is sold out and black L is not sold: only M remains
    expect(disabled('尺码', 'S')).toBe(true);
    expect(value('尺码', 'S').getAttribute('title')).toBe('Sold out');
    expect(disabled('尺码', 'L')).toBe(true);
    expect(disabled('尺码', 'M')).toBe(false);
    await userEvent.click(value('尺码', 'M'));
    expect(seen.at(-1)).toEqual({ 颜色: '黑色', 尺码: 'M' });
  });

  it('clears a value chosen again, which frees the other values', async () => {
    const seen: SkuSelection[] = [];
    renderUi(<Chooser onSelection={(s) => seen.push(s)} />);
    await userEvent.click(value('颜色', '黑色'));
    expect(disabled('尺码', 'L')).toBe(true);
    await userEvent.click(value('颜色', '黑色'));
    expect(seen.at(-1)).toEqual({});
    expect(disabled('尺码', 'L')).toBe(false);
    // choosing L first leaves only white
    await userEvent.click(value('尺码', 'L'));
    expect(disabled('颜色', '黑色')).toBe(true);
    expect(disabled('颜色', '白色')).toBe(false);
  });
});
