import { parseArgs } from 'node:util';

export type DatabaseKind = 'postgres' | 'pglite';

export type BenchOptions = {
  db: DatabaseKind;
  /** seconds of each measured run */
  duration: number;
  /** seconds of the discarded run before each measured one */
  warmup: number;
  connections: number;
  pipelining: number;
  /** scenario names to run (the hello-world baseline always runs); empty means all */
  only: string[];
  /** write a V8 CPU profile of the portal server to bench/results/ */
  profile: boolean;
  /** the order and tracking scenarios on the 1,000,000-order data (bench/scale.ts) instead of the standard ones */
  scale: boolean;
};

export const USAGE = `usage: npm run bench -- [options]
  --db postgres|pglite   database of the portal server (default postgres: a local cluster via scripts/pg.sh)
  --duration N           seconds of each measured run (default 5)
  --warmup N             seconds of the warm-up run before each measured one (default 1)
  --connections N        concurrent connections (default 20)
  --pipelining N         requests in flight per connection (default 1)
  --only a,b             run only these scenarios (the hello-world baseline always runs); "twins" runs every
                         endpoint against its bare twin, "twins/order-detail" one of them (bench/twins.ts)
  --profile              write a V8 CPU profile of the portal server to bench/results/ (slows it down a little)
  --scale                the order lists, order detail, status counts and tracking lookups on the 1,000,000-order
                         data: DATABASE_URL if set (seeded with npm run seed:scale), else portal_scale on
                         scripts/pg.sh, seeded on first use; each scenario is measured again on one connection
                         against its p99 target
  --help`;

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** Parses the command line; throws with a readable message on anything unknown or malformed. */
export function parseBenchOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      db: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      pipelining: { type: 'string' },
      only: { type: 'string' },
      profile: { type: 'boolean' },
      scale: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const db = values.db ?? 'postgres';
  if (db !== 'postgres' && db !== 'pglite') throw new Error(`--db must be postgres or pglite, got "${db}"`);
  if (values.scale && db !== 'postgres') throw new Error('--scale runs on PostgreSQL only (the targets are defined there)');
  return {
    db,
    duration: positiveInteger('duration', values.duration, 5),
    warmup: positiveInteger('warmup', values.warmup, 1),
    connections: positiveInteger('connections', values.connections, 20),
    pipelining: positiveInteger('pipelining', values.pipelining, 1),
    only: (values.only ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name.length > 0),
    profile: values.profile ?? false,
    scale: values.scale ?? false,
  };
}
