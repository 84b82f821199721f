import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ProductDetailRecord, ProductSearchResult, ProductSort } from '@portal/shared/product-schemas';
import type { PurchasePlatform } from '@portal/shared/purchase';
import { http } from '../../../lib/http.ts';
import { platformSegment } from '../routes.ts';

export const PRODUCTS_KEY = ['product'] as const;

export type ProductSearchParams = { platform: PurchasePlatform; keyword: string; pageNo: number; pageSize: number; sort: ProductSort };

/**
 * GET /purchase/product/search: a page of products, or `resolved` when the keyword is a product link.
 * Silent: the page shows the server's words (a share code that needs the platform, a platform failure).
 */
export const searchProducts = (params: ProductSearchParams, signal?: AbortSignal) => http.get<ProductSearchResult>('/purchase/product/search', { params, signal, silent: true });

export const productSearchQuery = (params: ProductSearchParams) =>
  queryOptions({ queryKey: [...PRODUCTS_KEY, 'search', params] as const, queryFn: ({ signal }) => searchProducts(params, signal), staleTime: 60_000, placeholderData: keepPreviousData });

export const useProductSearch = (params: ProductSearchParams) => useQuery(productSearchQuery(params));

/** GET /purchase/product/detail: the product with its SKUs. Silent: the page says what went wrong. */
export const productDetail = (platform: PurchasePlatform, itemId: string, signal?: AbortSignal) =>
  http.get<ProductDetailRecord>('/purchase/product/detail', { params: { platform, itemId }, signal, silent: true });

export const useProductDetail = (platform: PurchasePlatform, itemId: string) =>
  useQuery({ queryKey: [...PRODUCTS_KEY, 'detail', platform, itemId] as const, queryFn: ({ signal }) => productDetail(platform, itemId, signal), staleTime: 60_000 });

export type BasketLine = { itemId: string; skuId: string; quantity: number; remark: string };

/** POST /purchase/{taobao|1688}/basket/add: the line joins the platform's basket (the answer is the basket, not read here). Silent: the page shows the refusal. */
export const addToBasket = (platform: PurchasePlatform, line: BasketLine) => http.post<unknown>(`/purchase/${platformSegment(platform)}/basket/add`, line, { silent: true });

export const useAddToBasket = (platform: PurchasePlatform) => useMutation({ mutationFn: (line: BasketLine) => addToBasket(platform, line) });
