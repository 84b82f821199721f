import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../../src/db/client.ts';

/*
 * How a module joins the cross-tenant harness (tenant-isolation.test.ts): one file in
 * safety/resources/<area>.ts exporting `resources: TenantResource[]`. The harness makes or finds one
 * record as tenant 1 (`merchant`), then calls every operation on it as tenant 2 (`merchant2`).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One operation on a record by its id. The harness builds the smallest valid request from the route's
 * own schemas and puts the id where `id` says; `with` adds what the schema's minimum lacks (a real
 * edit needs the record's fields, not just any).
 */
export type ByIdOperation = { method: Method; url: string; id: 'query' | 'body' | 'path' | 'path-no'; with?: Record<string, unknown> };
/* 'path-no': the record's number (`no`) in the path: the open API (/open/v1) addresses records by number and is called with an API key of the tenant. */

/** A list or an export without an id: as tenant 2 its answer must not mention the record's number. */
export type ListOperation = { method: Method; url: string; query?: Record<string, string>; payload?: Record<string, unknown> };

/** The owner's side: calls made as tenant 1's `merchant`. */
export type Owner = {
  call(request: { method: Method; url: string; query?: Record<string, string>; payload?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** the result of a successful answer (fails the test otherwise) */
  ok<T>(response: LightMyRequestResponse): T;
  /** the database, for what no API makes (money in the wallet) */
  db: Database['db'];
};

export type TenantRecord = { id: number; /** what a person would search for: the order number, the batch number... */ no: string };

export type TenantResource = {
  name: string;
  /** one record of tenant 1, created through the API or found in the demo seed */
  create(owner: Owner): Promise<TenantRecord>;
  /** the record as the owner sees it: the same after tenant 2's attempts */
  view(owner: Owner, record: TenantRecord): Promise<unknown>;
  /** every operation that takes its id (read, edit, cancel, delete, submit, export by id...): 404 for tenant 2 */
  byId: ByIdOperation[];
  /** lists and exports of the area, which tenant 2 may call but must not find the record in */
  lists: ListOperation[];
};
