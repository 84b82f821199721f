import { createServer } from 'node:net';
import path from 'node:path';
import { startChild, type ManagedChild } from './child-processes.ts';
import { BENCH_PUSH_ENV } from './push.ts';

export type RunningServer = {
  name: string;
  baseUrl: string;
  process: ManagedChild;
};

/** A port that was free a moment ago (the child binds it right after). */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** Polls url until it answers 200; fails early when the child exits, or after timeoutMs. */
export async function waitForReady(server: RunningServer, readyPath: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (!server.process.isRunning()) {
      const code = await server.process.exited;
      throw new Error(`${server.name} exited (${code}) before it was ready. Its last output:\n${server.process.tail()}`);
    }
    try {
      const response = await fetch(server.baseUrl + readyPath, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) {
        await response.body?.cancel();
        return;
      }
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server.name} was not ready at ${server.baseUrl}${readyPath} after ${timeoutMs / 1000} s (last: ${last}). Its last output:\n${server.process.tail()}`);
}

/** pino writes JSON lines to stdout: echo warnings and worse, and anything on stderr. */
function echoProblems(line: string, stream: 'stdout' | 'stderr'): boolean {
  if (stream === 'stderr') return line.trim().length > 0;
  if (!line.startsWith('{')) return false;
  const level = /"level":(\d+)/.exec(line)?.[1];
  return level !== undefined && Number(level) >= 40;
}

function withoutKeys(env: NodeJS.ProcessEnv, keys: string[]): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const key of keys) delete copy[key];
  return copy;
}

export type PortalServerOptions = {
  repoRoot: string;
  /** absent: embedded PGlite under dataDir */
  databaseUrl?: string;
  dataDir: string;
  /** directory for V8 CPU profiles (--cpu-prof), written when the server exits */
  profileDir?: string;
  /** seed the demo accounts on an empty database (default); the scale data has its own */
  seedDemo?: boolean;
  /** trust X-Forwarded-For (scale mode: the load comes from many client addresses) */
  trustProxy?: boolean;
  /** further environment of the server process (OPEN_API_USAGE_COUNTING, bench/open-api.ts; PGOPTIONS, bench/twins.ts) */
  env?: Record<string, string>;
};

/** The real portal server (apps/server/src/main.ts) run through tsx, seeded with the demo accounts unless told otherwise. */
export async function startPortalServer(options: PortalServerOptions): Promise<RunningServer> {
  const port = await findFreePort();
  // PGOPTIONS only when asked for (bench/statement-log.ts): a measured portal never logs its statements
  const env = withoutKeys(process.env, ['DATABASE_URL', 'PORT', 'HOST', 'DATA_DIR', 'LOG_LEVEL', 'TRUST_PROXY', 'PGOPTIONS']);
  const server: RunningServer = {
    name: 'portal',
    baseUrl: `http://127.0.0.1:${port}`,
    process: startChild({
      name: 'portal',
      command: process.execPath,
      args: [
        // one file per thread: the main thread's is the big one (tsx's loader hooks run in a worker)
        ...(options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : []),
        '--import',
        'tsx',
        path.join(options.repoRoot, 'apps/server/src/main.ts'),
        ...(options.seedDemo === false ? [] : ['--seed-demo']),
      ],
      cwd: options.repoRoot,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: options.trustProxy ? 'true' : 'false',
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        ...options.env,
        // the push bench's receiver is on 127.0.0.1, its endpoint sealed with the development key
        ...BENCH_PUSH_ENV,
      },
      echo: echoProblems,
    }),
  };
  await waitForReady(server, '/readyz', 90_000);
  return server;
}

/** The baseline: a bare Fastify 5 hello-world in its own process, without a logger. */
export async function startHelloServer(repoRoot: string): Promise<RunningServer> {
  const port = await findFreePort();
  const server: RunningServer = {
    name: 'hello',
    baseUrl: `http://127.0.0.1:${port}`,
    process: startChild({
      name: 'hello',
      command: process.execPath,
      args: ['--import', 'tsx', path.join(import.meta.dirname, 'hello-server.ts')],
      cwd: repoRoot,
      env: { ...withoutKeys(process.env, ['PORT']), PORT: String(port) },
      ipc: true,
      echo: (line) => line.trim().length > 0,
    }),
  };
  await waitForReady(server, '/', 30_000);
  return server;
}

export type TwinServerOptions = {
  repoRoot: string;
  databaseUrl: string;
  /** the portal's pool size: the twin's pool has as many connections */
  poolSize: number;
  /** a name for the output and the run's report */
  name?: string;
  /** further environment (PGOPTIONS to log its statements, bench/statement-log.ts) */
  env?: Record<string, string>;
  /** V8 CPU profiles of the twin, written here when it stops */
  profileDir?: string;
};

/** The bare twins (bench/bare-twin-server.ts): bare Fastify routes sending the portal's statements through pg. */
export async function startTwinServer(options: TwinServerOptions): Promise<RunningServer> {
  const port = await findFreePort();
  const name = options.name ?? 'twin';
  const server: RunningServer = {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    process: startChild({
      name,
      command: process.execPath,
      args: [...(options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : []), '--import', 'tsx', path.join(import.meta.dirname, 'bare-twin-server.ts')],
      cwd: options.repoRoot,
      env: { ...withoutKeys(process.env, ['PORT', 'DATABASE_URL', 'DATABASE_POOL_SIZE', 'PGOPTIONS']), PORT: String(port), DATABASE_URL: options.databaseUrl, DATABASE_POOL_SIZE: String(options.poolSize), ...options.env },
      ipc: true,
      echo: (line) => line.trim().length > 0,
    }),
  };
  await waitForReady(server, '/', 30_000);
  return server;
}
