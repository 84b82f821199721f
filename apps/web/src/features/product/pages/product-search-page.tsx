import { useState, type ClipboardEvent } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Input, Pagination, Row, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SORTS, type ProductSearchResult, type ProductSort } from '@portal/shared/product-schemas';
import { PURCHASE_PLATFORMS, type PurchasePlatform } from '@portal/shared/purchase';
import { failureMessage } from '../../../components/server-error.tsx';
import { formatCount } from '../../../lib/format.ts';
import { productSearchQuery, useProductSearch, type ProductSearchParams } from '../api/products.ts';
import { ProductCard } from '../components/product-card.tsx';
import { productDetailPath } from '../routes.ts';

const DEFAULT_PAGE_SIZE = 20;
const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 40];
type Page = Exclude<ProductSearchResult, { resolved: unknown }>;
const isPage = (result: ProductSearchResult | undefined): result is Page => result !== undefined && 'records' in result;

/**
 * Product search (menu product/product-search): Taobao or 1688, by keyword or by a pasted link or share
 * text. The server says what a text is: a product link opens the product page, a share code is
 * explained, anything else is searched.
 */
export function ProductSearchPage() {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [params, setParams] = useState<ProductSearchParams>({ platform: 'TAOBAO', keyword: '', pageNo: 1, pageSize: DEFAULT_PAGE_SIZE, sort: 'default' });
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const search = useProductSearch(params);

  /** A new keyword or a pasted text: asked first, so that a link opens its product instead of a page of results. */
  const submit = async (value: string) => {
    const next = { ...params, keyword: value.trim(), pageNo: 1 };
    setRefusal(null);
    setSubmitting(true);
    try {
      // asked again even when the same search is cached: a search button always searches
      const result = await client.fetchQuery({ ...productSearchQuery(next), staleTime: 0 });
      if ('resolved' in result) {
        setText('');
        void navigate(productDetailPath(result.resolved.platform, result.resolved.itemId, result.resolved.skuId));
        return;
      }
      setParams(next);
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    // a pasted link is searched at once: that is what pasting one means here
    if (pasted.trim() !== '' && /https?:|\.com|\.cn|\.hk|[￥¥$€₤£¢]|[(（/]\w{8,14}[)）/]/i.test(pasted)) {
      event.preventDefault();
      setText(pasted);
      void submit(pasted);
    }
  };

  const page = isPage(search.data) ? search.data : undefined;
  const platformOptions = PURCHASE_PLATFORMS.map((platform) => ({ value: platform, label: t(`platform.${platform}`) }));

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex gap={12} wrap align="center">
          <Segmented<PurchasePlatform> options={platformOptions} value={params.platform} onChange={(platform) => setParams({ ...params, platform, pageNo: 1 })} data-testid="product-platform" aria-label={t('platform.label')} />
          <Input.Search
            style={{ flex: '1 1 320px', maxWidth: 720 }}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onPaste={onPaste}
            onSearch={(value) => void submit(value)}
            placeholder={t('search.placeholder')}
            enterButton={t('search.button')}
            loading={submitting}
            allowClear
            maxLength={2000}
            aria-label={t('search.placeholder')}
            data-testid="product-keyword"
          />
          <Space>
            <Typography.Text type="secondary">{t('search.sort')}</Typography.Text>
            <Select<ProductSort>
              style={{ minWidth: 160 }}
              value={params.sort}
              onChange={(sort) => setParams({ ...params, sort, pageNo: 1 })}
              options={PRODUCT_SORTS.map((sort) => ({ value: sort, label: t(`search.sorts.${sort}`) }))}
              aria-label={t('search.sort')}
              data-testid="product-sort"
            />
          </Space>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('search.hint')}
        </Typography.Text>
        {refusal && <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} data-testid="product-refusal" role="alert" />}
        {page?.demo && <Alert type="warning" showIcon title={t('search.demoTitle')} description={t('search.demoText')} data-testid="product-demo" />}
        <ResultGrid
          page={page}
          pending={search.isPending}
          error={search.isError ? failureMessage(search.error) : null}
          retry={() => void search.refetch()}
          onPage={(pageNo, pageSize) => setParams({ ...params, pageNo: pageSize === params.pageSize ? pageNo : 1, pageSize })}
        />
      </Flex>
    </Card>
  );
}

function ResultGrid({ page, pending, error, retry, onPage }: { page: Page | undefined; pending: boolean; error: string | null; retry: () => void; onPage: (pageNo: number, pageSize: number) => void }) {
  const { t } = useTranslation('product');
  if (error) {
    return <Alert type="error" showIcon title={t('search.failed')} description={error} action={<Button onClick={retry}>{t('search.retry')}</Button>} data-testid="product-search-error" />;
  }
  if (pending || !page) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (page.records.length === 0) return <Empty description={t('search.empty')} data-testid="product-empty" />;
  return (
    <>
      <Typography.Text type="secondary">{t('search.total', { total: formatCount(page.total) })}</Typography.Text>
      <Row gutter={[16, 16]} data-testid="product-results">
        {page.records.map((product) => (
          <Col key={`${product.platform}-${product.itemId}`} xs={12} sm={8} md={6} xl={4}>
            <ProductCard product={product} />
          </Col>
        ))}
      </Row>
      <Flex justify="flex-end">
        <Pagination current={page.current} pageSize={page.size} total={page.total} showSizeChanger pageSizeOptions={PAGE_SIZES} onChange={onPage} showQuickJumper={page.pages > 5} />
      </Flex>
    </>
  );
}
