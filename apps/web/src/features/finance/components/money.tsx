import { Typography } from 'antd';
import { formatMoney } from '../../../lib/format.ts';
import { signOf } from '../decimal.ts';

/** An amount with its currency code (spec §9: thousands separators, 2 decimals), as text. */
export const moneyText = (amount: string | null | undefined, currency: string | null | undefined): string =>
  amount === null || amount === undefined || amount === '' ? '' : `${formatMoney(amount)} ${currency ?? ''}`.trim();

/**
 * An amount on screen; `signed` shows the direction of a movement: + money in (green), − money out
 * (red), in the theme's success and danger colours.
 */
export function Money({ amount, currency, signed = false }: { amount: string | null | undefined; currency: string | null | undefined; signed?: boolean }) {
  const text = moneyText(amount, currency);
  if (!signed) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  const sign = signOf(amount);
  return (
    <Typography.Text type={sign > 0 ? 'success' : sign < 0 ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }} data-sign={sign}>
      {sign > 0 ? `+${text}` : text}
    </Typography.Text>
  );
}
