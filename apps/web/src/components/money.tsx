import { Typography } from 'antd';
import { signOf, formatMoney } from '../lib/format.ts';

/** An amount with its currency code (spec §9: thousands separators, 2 decimals), as text. */
export const moneyText = (amount: string | null | undefined, currency: string | null | undefined): string =>
  amount === null || amount === undefined || amount === '' ? '' : `${formatMoney(amount)} ${currency ?? ''}`.trim();

const STYLE = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * An amount on screen, nothing when there is none. `signed` shows the direction of a movement: + money
 * in (green), − money out (red), in the theme's success and danger colours; `strong` a total.
 */
export function Money({ amount, currency, signed = false, strong = false }: { amount: string | null | undefined; currency: string | null | undefined; signed?: boolean; strong?: boolean }) {
  const text = moneyText(amount, currency);
  if (!text) return null;
  const style = strong ? { ...STYLE, fontWeight: 600 } : STYLE;
  if (!signed) return <span style={style}>{text}</span>;
  const sign = signOf(amount);
  return (
    <Typography.Text type={sign > 0 ? 'success' : sign < 0 ? 'danger' : undefined} style={style} data-sign={sign}>
      {sign > 0 ? `+${text}` : text}
    </Typography.Text>
  );
}
