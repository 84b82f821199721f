import { useState } from 'react';
import { Button, Card, Col, Descriptions, Divider, Flex, Image, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ITEM_ID_PATTERN, type ProductDetailRecord } from '@portal/shared/product-schemas';
import { currencyToMinor } from '@portal/shared/money';
import { PURCHASE_PLATFORMS, type PurchasePlatform } from '@portal/shared/purchase';
import { Money } from '../../../components/money.tsx';
import { OptionTag } from '../../../components/option-tag.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { PURCHASE_PLATFORM_OPTIONS } from '../../../entities/purchase-platform/platforms.ts';
import { formatCount } from '../../../lib/format.ts';
import { HttpError } from '../../../lib/http.ts';
import { useProductDetail } from '../api/products.ts';
import { AddToPreOrder } from '../components/add-to-pre-order.tsx';
import { SkuChooser } from '../components/sku-chooser.tsx';
import { chosenSku, initialSelection, skuProperties, type SkuSelection } from '../sku-choice.ts';

const platformOf = (value: string | null): PurchasePlatform | null => (PURCHASE_PLATFORMS as readonly string[]).includes(value ?? '') ? (value as PurchasePlatform) : null;

/**
 * One product of a platform (menu product/product-detail, `?platform=&itemId=` and the `skuId` a link
 * named): pictures, title, store, express fee, the SKU chooser, the chosen SKU's price and stock, and
 * "Add to pre-purchase".
 */
export function ProductDetailPage() {
  const { t } = useTranslation('product');
  const [search] = useSearchParams();
  const platform = platformOf(search.get('platform'));
  const itemId = search.get('itemId') ?? '';
  if (!platform || !ITEM_ID_PATTERN.test(itemId)) return <StatusMessage status="warning" title={t('detail.badLink')} data-testid="product-bad-link" />;
  return <ProductView key={`${platform}-${itemId}`} platform={platform} itemId={itemId} skuId={search.get('skuId')} />;
}

function ProductView({ platform, itemId, skuId }: { platform: PurchasePlatform; itemId: string; skuId: string | null }) {
  const { t } = useTranslation('product');
  const product = useProductDetail(platform, itemId);
  if (product.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (product.isError) {
    const missing = product.error instanceof HttpError && product.error.status === 404;
    return (
      <Card>
        <StatusMessage
          status="warning"
          title={missing ? t('detail.notFound') : t('detail.loadFailed')}
          description={missing ? t('detail.notFoundHint') : product.error.message}
          data-testid="product-detail-error"
          extra={
            <Space>
              {!missing && (
                <Button icon={<ReloadOutlined />} onClick={() => void product.refetch()}>
                  {t('detail.retry')}
                </Button>
              )}
              <Link to="/product-search">{t('detail.back')}</Link>
            </Space>
          }
        />
      </Card>
    );
  }
  return <ProductContent product={product.data} skuId={skuId} />;
}

function ProductContent({ product, skuId }: { product: ProductDetailRecord; skuId: string | null }) {
  const { t } = useTranslation(['product', 'purchase-stock']);
  const [selection, setSelection] = useState<SkuSelection>(() => initialSelection(product.skus, skuId));
  const sku = chosenSku(product.skus, selection);
  const missing = skuProperties(product.skus)
    .filter((p) => selection[p.name] === undefined)
    .map((p) => p.name);
  const high = product.skus.reduce((top, s) => (currencyToMinor(s.price, 'CNY') > currencyToMinor(top, 'CNY') ? s.price : top), product.price);
  const totalStock = product.skus.reduce((sum, s) => sum + s.stock, 0);

  return (
    <Card>
      <Row gutter={[32, 24]}>
        <Col xs={24} md={10} lg={8}>
          <Image.PreviewGroup>
            <Image src={sku?.imageUrl ?? product.images[0] ?? product.imageUrl} alt={product.title} width="100%" style={{ aspectRatio: '1 / 1', objectFit: 'cover' }} data-testid="product-image" />
            {product.images.length > 1 && (
              <Flex gap={8} wrap style={{ marginTop: 8 }}>
                {product.images.slice(1).map((src) => (
                  <Image key={src} src={src} alt="" width={64} height={64} style={{ objectFit: 'cover' }} />
                ))}
              </Flex>
            )}
          </Image.PreviewGroup>
        </Col>
        <Col xs={24} md={14} lg={16}>
          <Flex vertical gap={12}>
            <Space wrap>
              <OptionTag options={PURCHASE_PLATFORM_OPTIONS} value={product.platform} />
              {product.demo && (
                <Tag color="gold" data-testid="product-demo-tag" title={t('detail.demoText')}>
                  {t('search.demoTag')}
                </Tag>
              )}
            </Space>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="product-title">
              {product.title}
            </Typography.Title>
            {product.demo && (
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {t('detail.demoText')}
              </Typography.Text>
            )}
            <Flex align="baseline" gap={12} wrap style={{ padding: '12px 16px', background: 'rgba(255, 80, 0, 0.06)', borderRadius: 8 }}>
              <Typography.Text type="secondary">{t('detail.price')}</Typography.Text>
              <Typography.Text type="danger" strong style={{ fontSize: 24 }} data-testid="product-price">
                {sku ? (
                  <Money amount={sku.price} currency={product.currency} />
                ) : high === product.price ? (
                  <Money amount={product.price} currency={product.currency} />
                ) : (
                  <>
                    <Money amount={product.price} currency={product.currency} /> – <Money amount={high} currency={product.currency} />
                  </>
                )}
              </Typography.Text>
            </Flex>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} colon>
              <Descriptions.Item label={t('detail.store')}>{product.storeName}</Descriptions.Item>
              <Descriptions.Item label={t('detail.expressFee')}>{currencyToMinor(product.expressFee, 'CNY') === 0n ? t('detail.freeExpress') : <Money amount={product.expressFee} currency={product.currency} />}</Descriptions.Item>
              <Descriptions.Item label={t('detail.sales')}>{formatCount(product.sales)}</Descriptions.Item>
              <Descriptions.Item label={t('detail.stock')}>
                <span data-testid="product-stock">{t('detail.stockValue', { count: sku ? sku.stock : totalStock })}</span>
              </Descriptions.Item>
              {product.platform === '1688' && <Descriptions.Item label={t('detail.minQuantity')}>{t('detail.minQuantityValue', { count: product.minQuantity })}</Descriptions.Item>}
              <Descriptions.Item label={t('detail.seller')}>{product.sellerId}</Descriptions.Item>
            </Descriptions>
            <Divider style={{ margin: '4px 0' }} />
            <SkuChooser skus={product.skus} selection={selection} onChange={setSelection} />
            <Divider style={{ margin: '4px 0' }} />
            <AddToPreOrder product={product} sku={sku} missing={missing} />
            {!product.demo && (
              <a href={product.itemUrl} target="_blank" rel="noopener noreferrer">
                <ExportOutlined aria-hidden /> {t('detail.openOnPlatform')}
              </a>
            )}
          </Flex>
        </Col>
      </Row>
    </Card>
  );
}
