import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductDetailRecord, ProductSkuRecord } from '@portal/shared/product-schemas';
import { Access } from '../../../components/access.tsx';
import { ServerError } from '../../../components/server-error.tsx';
import { useAddToBasket } from '../api/products.ts';
import { preOrderPath } from '../routes.ts';
import { quantityBounds } from '../sku-choice.ts';

export const REMARK_MAX = 200;

/**
 * Quantity (at least the minimum order, at most the chosen SKU's stock), a remark for the purchaser and
 * "Add to pre-purchase": the line joins the platform's basket, whose list the success links to.
 */
export function AddToPreOrder({ product, sku, missing }: { product: ProductDetailRecord; sku: ProductSkuRecord | null; missing: string[] }) {
  const { t } = useTranslation('product');
  const add = useAddToBasket(product.platform);
  const bounds = quantityBounds(product.minQuantity, sku?.stock ?? 0);
  const [quantity, setQuantity] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  // the quantity follows the SKU: within its bounds, the minimum until the merchant types another
  const shown = sku ? Math.min(Math.max(quantity ?? bounds.min, bounds.min), Math.max(bounds.max, bounds.min)) : bounds.min;
  const reason = !sku ? (missing.length > 0 ? t('detail.chooseAll', { names: missing.join(' / ') }) : t('detail.outOfStock')) : !bounds.possible ? t('detail.notEnoughStock') : null;

  const submit = () => {
    if (!sku || reason) return;
    add.mutate({ itemId: product.itemId, skuId: sku.skuId, quantity: shown, remark: remark.trim() });
  };

  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 520 }}>
      <Form.Item label={t('detail.quantity')} htmlFor="product-quantity" extra={product.minQuantity > 1 ? t('detail.minQuantityValue', { count: product.minQuantity }) : undefined}>
        <InputNumber
          id="product-quantity"
          min={bounds.min}
          max={Math.max(bounds.max, bounds.min)}
          precision={0}
          value={shown}
          disabled={!sku || !bounds.possible}
          onChange={(value) => setQuantity(value)}
          aria-label={t('detail.quantity')}
          data-testid="product-quantity"
        />
      </Form.Item>
      <Form.Item label={t('detail.remark')} htmlFor="product-remark">
        <Input.TextArea id="product-remark" rows={2} maxLength={REMARK_MAX} showCount value={remark} onChange={(event) => setRemark(event.target.value)} placeholder={t('detail.remarkPlaceholder')} data-testid="product-remark" />
      </Form.Item>
      <Flex vertical gap={12}>
        {reason && <Typography.Text type="secondary" data-testid="product-add-reason">{reason}</Typography.Text>}
        <Access code="product:search:pre-order">
          <Button type="primary" htmlType="submit" icon={<ShoppingCartOutlined />} disabled={Boolean(reason)} loading={add.isPending} data-testid="product-add" style={{ alignSelf: 'flex-start' }}>
            {t('detail.add')}
          </Button>
        </Access>
        {add.isSuccess && (
          <Alert
            type="success"
            showIcon
            title={t('detail.added')}
            action={<Link to={preOrderPath(product.platform)} data-testid="product-added-link">{t('detail.viewPreOrders')}</Link>}
            data-testid="product-added"
          />
        )}
        {add.isError && <ServerError error={add.error} />}
      </Flex>
    </Form>
  );
}
