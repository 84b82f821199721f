import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Starts (or reuses) the shared local cluster with scripts/pg.sh and answers its admin URL. It is left running. */
export async function startPostgres(repoRoot: string): Promise<string> {
  const { stdout } = await run('bash', [path.join(repoRoot, 'scripts/pg.sh'), 'start'], { cwd: repoRoot, timeout: 120_000 });
  const url = stdout.trim().split('\n').pop()?.trim() ?? '';
  if (!url.startsWith('postgres://')) throw new Error(`scripts/pg.sh start printed no PostgreSQL URL:\n${stdout}`);
  return url;
}

/** Drops (closing its connections) and re-creates the database; answers a URL to it. */
export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
