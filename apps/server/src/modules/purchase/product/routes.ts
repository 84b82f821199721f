import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@portal/shared/api';
import { PURCHASE_PLATFORMS } from '@portal/shared/purchase';
import { productDetailQuery, productDetailRecord, productSearchQuery, productSearchResult } from '@portal/shared/product-schemas';
import { merchant, PUBLIC } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { demoImage, productDetail, searchProducts } from './service.ts';

/** The demo's pictures are the same for an item forever: a day in any cache, then a revalidation. */
const IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** Product search and the product page of the merchant, over the platform clients. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['purchase: products'];

  app.get(
    '/purchase/product/search',
    {
      config: merchant('product:search:list'),
      schema: {
        tags,
        summary:
          'Search a platform by keyword, paged and sorted; a pasted product link (or share text holding one) answers `resolved` with the item to open instead; a share code or short link is 400 unless the platform client can resolve it (the demo cannot). Prices are CNY decimal strings; `demo` marks the embedded demo catalogue',
        querystring: getQuery(productSearchQuery),
        response: { 200: envelopeSchema(productSearchResult) },
      },
    },
    async (request) => request.ok(await searchProducts(app.purchasePlatforms, request.query)),
  );

  app.get(
    '/purchase/product/detail',
    {
      config: merchant('product:search:detail'),
      schema: {
        tags,
        summary: 'One product with its SKUs (properties, price, stock), the express fee to the warehouse and the minimum quantity; 404 for an unknown item',
        querystring: getQuery(productDetailQuery),
        response: { 200: envelopeSchema(productDetailRecord) },
      },
    },
    async (request) => request.ok(await productDetail(app.purchasePlatforms, request.query.platform, request.query.itemId)),
  );

  app.get(
    '/purchase/product/demo-image/:platform/:file',
    {
      // an <img> sends no token; the pictures are of the public demo catalogue only
      config: PUBLIC,
      schema: {
        tags,
        summary: "The demo catalogue's picture of an item (`<itemId>.svg`), drawn by the server; 404 for an unknown item or when the platform's client is not the demo",
        params: z.strictObject({ platform: z.enum(PURCHASE_PLATFORMS), file: z.string().max(40) }),
        produces: ['image/svg+xml'],
      },
    },
    async (request, reply) => {
      const svg = await demoImage(app.purchasePlatforms, request.params.platform, request.params.file);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        // an SVG opened on its own is a document: it may run nothing and load nothing
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', IMAGE_CACHE)
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    },
  );
};
