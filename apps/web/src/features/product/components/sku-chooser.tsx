import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductSkuRecord } from '@portal/shared/product-schemas';
import { choose, skuProperties, valueAvailable, type SkuSelection } from '../sku-choice.ts';

/**
 * One row of values per property (colour, size...). A value that no SKU in stock offers with the other
 * choices is disabled; choosing a value again clears it, so that another combination can be reached.
 */
export function SkuChooser({ skus, selection, onChange }: { skus: readonly ProductSkuRecord[]; selection: SkuSelection; onChange: (selection: SkuSelection) => void }) {
  const { t } = useTranslation('product');
  return (
    <Flex vertical gap={12} data-testid="sku-chooser">
      {skuProperties(skus).map((property) => (
        <Flex key={property.name} gap={12} align="baseline" wrap>
          <Typography.Text type="secondary" style={{ minWidth: 56 }} id={`sku-property-${property.name}`}>
            {property.name}
          </Typography.Text>
          <Flex gap={8} wrap role="group" aria-labelledby={`sku-property-${property.name}`}>
            {property.values.map((value) => {
              const chosen = selection[property.name] === value;
              const available = valueAvailable(skus, selection, property.name, value);
              return (
                <Button
                  key={value}
                  size="small"
                  // a value is shown as the seller wrote it: no space inserted between two CJK characters
                  autoInsertSpace={false}
                  type={chosen ? 'primary' : 'default'}
                  ghost={chosen}
                  aria-pressed={chosen}
                  disabled={!available && !chosen}
                  title={available ? undefined : t('sku.soldOut')}
                  data-testid={`sku-value-${property.name}-${value}`}
                  onClick={() => onChange(choose(skus, selection, property.name, chosen ? null : value))}
                >
                  {value}
                </Button>
              );
            })}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}
