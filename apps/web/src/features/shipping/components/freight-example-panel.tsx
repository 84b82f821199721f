import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isCurrency } from '@portal/shared/money';
import { formatDecimal, formatWeight } from '../../../lib/format.ts';
import { exampleFreight, type SizesCm } from '../freight-example.ts';
import { currencyDecimals } from '../value-rules.ts';

/** The examples the form prices: two plain weights, and a light but bulky box. */
export const EXAMPLE_WEIGHTS = ['1', '2.5'] as const;
export const EXAMPLE_BOX: { sizes: SizesCm; weight: string } = { sizes: { length: '40', width: '30', height: '20' }, weight: '2.5' };

export type RateCardFormDraft = {
  currency?: string;
  firstWeight?: string;
  firstPrice?: string;
  stepWeight?: string;
  stepPrice?: string;
  volumetricDivisor?: number | null;
};

/** What the card being edited would charge, computed exactly as the server will. */
export function FreightExamplePanel({ draft }: { draft: RateCardFormDraft }) {
  const { t } = useTranslation('shipping');
  const currency = draft.currency;
  const card =
    currency && isCurrency(currency)
      ? {
          currency,
          firstWeight: draft.firstWeight?.trim() ?? '',
          firstPrice: draft.firstPrice?.trim() ?? '',
          stepWeight: draft.stepWeight?.trim() ?? '',
          stepPrice: draft.stepPrice?.trim() ?? '',
          volumetricDivisor: draft.volumetricDivisor ?? 0,
        }
      : null;
  const examples = card
    ? [
        ...EXAMPLE_WEIGHTS.map((weight) => ({ key: weight, label: t('rateCard.exampleWeight', { weight }), result: exampleFreight(card, weight) })),
        (() => {
          const result = exampleFreight(card, EXAMPLE_BOX.weight, EXAMPLE_BOX.sizes);
          return {
            key: 'box',
            label: t('rateCard.exampleVolume', { ...EXAMPLE_BOX.sizes, weight: EXAMPLE_BOX.weight, volumetric: result?.volumetricKg ? formatWeight(result.volumetricKg) : '-' }),
            result,
          };
        })(),
      ]
    : [];
  const complete = card !== null && examples.every((example) => example.result !== null);
  return (
    <Alert
      type={complete ? 'info' : 'warning'}
      showIcon
      title={t('rateCard.example')}
      data-testid="freight-example"
      description={
        complete && card ? (
          <Flex vertical gap={4}>
            {examples.map(({ key, label, result }) => (
              <Flex key={key} justify="space-between" gap={16}>
                <Typography.Text>{label}</Typography.Text>
                <Typography.Text strong data-testid={`freight-example-${key}`}>
                  {t('rateCard.price', { amount: formatDecimal(result?.price, currencyDecimals(card.currency)), currency: card.currency })}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        ) : (
          t('rateCard.exampleIncomplete')
        )
      }
    />
  );
}
