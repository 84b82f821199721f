import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startPortal } from './portal-server.ts';
import { ROLES, signInByApi, type Role, type Session } from './sessions.ts';

/** What the browser project's files get from its global setup (vitest `inject('e2e')`). */
export type E2eContext = {
  /** origin of the one portal of the run */
  url: string;
  /** the portal's output, as it comes */
  logFile: string;
  /** a session of each demo role, shared by every file: a test that ends a session signs in its own */
  sessions: Record<Role, Session>;
};

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

/**
 * One portal for the whole browser project: its start (migrating and seeding a fresh embedded database)
 * is the slowest thing a file did. Each role signs in once, by the API; the files keep to their own
 * records, users and tenants, and put back what they change of the demo's.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const logFile = path.join(REPO_ROOT, `.tmp/e2e/${project.name}.log`);
  await mkdir(path.dirname(logFile), { recursive: true });
  const portal = await startPortal({ logFile });
  const url = portal.url;
  const sessions = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await signInByApi(url, role)] as const))) as Record<Role, Session>;
  project.provide('e2e', { url, logFile, sessions });
  return () => portal.stop();
}
