import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './open-api-schema.ts';

export type { components, operations, paths } from './open-api-schema.ts';

export type OpenApiClient = Client<paths>;

/** The body of a new order (POST /orders). */
export type NewOrder = NonNullable<paths['/orders']['post']['requestBody']>['content']['application/json'];

export type OpenApiClientOptions = Omit<ClientOptions, 'baseUrl'> & {
  /** the portal's open API, ending with /open/v1, e.g. https://portal.example.com/open/v1 */
  baseUrl: string;
  /** an API key made on the portal's API keys screen (mpk_...) */
  apiKey: string;
};

/**
 * A client of the portal's open API: every path, parameter, body and answer typed from its OpenAPI
 * document; every call carries the API key. Each answer is `{ data }` or `{ error }` (the open API's
 * `{ error: { code, message, requestId } }`), with `response` for the status and headers.
 */
export function createOpenApiClient({ baseUrl, apiKey, headers, ...options }: OpenApiClientOptions): OpenApiClient {
  return createClient<paths>({ ...options, baseUrl, headers: { ...(headers as Record<string, string> | undefined), authorization: `Bearer ${apiKey}` } });
}
