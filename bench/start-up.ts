// How long the server takes from its start to its first ready answer (/readyz 200), run from the sources
// through tsx (development, tests) and from the build (`npm start`), on the same embedded database.
//   npm run build -w @portal/server && npx tsx bench/start-up.ts [runs]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 5);
const ways = {
  'sources through tsx': ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')],
  'the build (npm start)': [path.join(REPO_ROOT, 'apps/server/dist/main.js')],
} as const;

async function startOnce(args: readonly string[], dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...args, '--seed-demo'], { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false);
      if (ready) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-start-up-'));
try {
  // the first start migrates and seeds the demo; every measured start finds them done
  await startOnce(ways['sources through tsx'], dataDir, 8190);
  for (const [way, args] of Object.entries(ways)) {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) times.push(await startOnce(args, dataDir, 8191 + run));
    console.log(`${way.padEnd(24)} median ${median(times).toFixed(0)} ms (runs: ${times.map((time) => time.toFixed(0)).join(', ')})`);
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
