import { useMemo } from 'react';
import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SERVICE_TYPES, type ServiceType } from '@portal/shared/logistics';
import { formatMoney, formatWeight } from '../../../lib/format.ts';
import { useFreightQuote, type FreightQuoteQuery } from '../api/freight-quote.ts';
import { checkSize, checkSizesTogether, checkWeight } from '../order-rules.ts';
import { useSettled } from '../../../lib/use-settled.ts';

/** How long the form must stay unchanged before a quote is asked for: typing a weight asks once, not per key. */
export const QUOTE_DEBOUNCE_MS = 500;

export type QuoteInputs = { destinationCountry?: string; serviceType?: string; weight?: string; length?: string; width?: string; height?: string };

/** The quote request of what the form holds, or null while it cannot be priced (no destination, service or valid weight). Sizes count only when all three are valid. */
export function quoteQueryOf(inputs: QuoteInputs): FreightQuoteQuery | null {
  const { destinationCountry, serviceType, weight } = inputs;
  if (!destinationCountry || !serviceType || !(SERVICE_TYPES as readonly string[]).includes(serviceType) || checkWeight(weight)) return null;
  const query: FreightQuoteQuery = { destinationCountry, serviceType: serviceType as ServiceType, weight: (weight ?? '').trim() };
  const sizes = [inputs.length, inputs.width, inputs.height];
  if (!checkSizesTogether(sizes) && sizes.every((size) => (size ?? '').trim() !== '' && !checkSize(size))) {
    query.length = (inputs.length ?? '').trim();
    query.width = (inputs.width ?? '').trim();
    query.height = (inputs.height ?? '').trim();
  }
  return query;
}

/** The live freight quote of the order form: asked for as destination, service, weight and sizes change. */
export function FreightQuote({ inputs }: { inputs: QuoteInputs }) {
  const { t } = useTranslation('logistics');
  const key = useSettled(JSON.stringify(quoteQueryOf(inputs)), QUOTE_DEBOUNCE_MS);
  const query = useMemo(() => JSON.parse(key) as FreightQuoteQuery | null, [key]);
  const quote = useFreightQuote(query);

  let body;
  if (query === null) body = <Typography.Text type="secondary">{t('form.quoteWaiting')}</Typography.Text>;
  else if (quote.isPending) body = <Typography.Text type="secondary">{t('form.quoteLoading')}</Typography.Text>;
  else if (quote.isError) body = <Typography.Text type="warning">{t('form.quoteFailed')}</Typography.Text>;
  else if (quote.data === null) body = <Typography.Text type="warning">{t('form.noRate')}</Typography.Text>;
  else
    body = (
      <span>
        <Typography.Text strong data-testid="freight-quote-amount">
          {formatMoney(quote.data.freight)} {quote.data.currency}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
          {t('form.quoteChargeable', { weight: formatWeight(quote.data.chargeableWeight) })}
        </Typography.Text>
      </span>
    );

  return (
    <Flex align="center" gap={8} wrap data-testid="freight-quote">
      <Typography.Text>{t('form.quote')}</Typography.Text>
      {body}
      {query !== null && quote.isFetching && !quote.isPending && <Spin size="small" />}
    </Flex>
  );
}
