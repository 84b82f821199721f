import { Card, Flex, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductSummaryRecord } from '@portal/shared/product-schemas';
import { Money } from '../../../components/money.tsx';
import { formatCount } from '../../../lib/format.ts';
import { productDetailPath } from '../routes.ts';

/**
 * One search result: picture, title, price, sales and store; the whole card opens the product page, and its
 * text (title first) is the link's name, as a screen reader reads it (axe: the name holds the visible text).
 */
export function ProductCard({ product }: { product: ProductSummaryRecord }) {
  const { t } = useTranslation('product');
  return (
    <Link to={productDetailPath(product.platform, product.itemId)} data-testid="product-card">
      <Card
        hoverable
        size="small"
        cover={<img src={product.imageUrl} alt="" loading="lazy" style={{ aspectRatio: '1 / 1', objectFit: 'cover', width: '100%' }} />}
        styles={{ body: { padding: 12 } }}
      >
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 8, minHeight: 44 }} title={product.title}>
          {product.title}
        </Typography.Paragraph>
        <Flex justify="space-between" align="baseline" gap={8} wrap>
          <Typography.Text type="danger" strong>
            <Money amount={product.price} currency={product.currency} />
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('search.sales', { sold: formatCount(product.sales) })}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
          <ShopOutlined aria-hidden /> {product.storeName}
        </Typography.Text>
      </Card>
    </Link>
  );
}
