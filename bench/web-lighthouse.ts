/**
 * Lighthouse's performance score of the public pages as a phone sees them: the mobile preset (a mid-range
 * phone, slow 4G and a 4x slower CPU, simulated) in Debian's Chromium, median of a few fresh visits.
 *
 * Lighthouse is not among the project's packages: its tree (70 MB, Puppeteer, Sentry, OpenTelemetry) made every
 * `npm ci` 12 s longer for a bench run by hand. bench/tools holds its pinned versions and lock, installed there
 * on the first run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const TOOLS = path.join(import.meta.dirname, 'tools');

type Launched = { port: number; kill(): void };
type Audit = { numericValue?: number };
type LighthouseResult = {
  lhr: { categories: Record<string, { score: number | null } | undefined>; audits: Record<string, Audit | undefined>; runtimeError?: { code: string; message: string } };
};
type Tools = {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<Launched>;
  lighthouse(url: string, flags: Record<string, unknown>): Promise<LighthouseResult | undefined>;
};

async function benchTools(): Promise<Tools> {
  const entry = (name: string, file: string) => path.join(TOOLS, 'node_modules', name, file);
  if (!existsSync(entry('lighthouse', 'package.json'))) {
    const { status } = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund'], { cwd: TOOLS, stdio: 'inherit' });
    if (status !== 0) throw new Error('npm install in bench/tools failed: Lighthouse is needed for the scores');
  }
  const launcher = (await import(pathToFileURL(entry('chrome-launcher', 'dist/index.js')).href)) as { launch: Tools['launch'] };
  const lighthouse = (await import(pathToFileURL(entry('lighthouse', 'core/index.js')).href)) as { default: Tools['lighthouse'] };
  return { launch: launcher.launch, lighthouse: lighthouse.default };
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export type LighthouseScore = {
  path: string;
  /** 0-100, the median of the runs */
  score: number;
  runs: number[];
  /** of the median run, in ms (CLS unitless) */
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function lighthouseScores(baseUrl: string, paths: readonly string[], runs: number): Promise<LighthouseScore[]> {
  const { launch, lighthouse } = await benchTools();
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const scores: LighthouseScore[] = [];
    for (const pagePath of paths) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        // the default configuration is the mobile preset; storage is cleared before each visit
        const visit = () => lighthouse(baseUrl + pagePath, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
        let result = await visit();
        // Lighthouse sometimes finds no navigation start in its own trace and asks to be run again: once more
        if (result?.lhr.runtimeError?.code === 'NO_NAVSTART') result = await visit();
        if (!result) throw new Error(`lighthouse gave no result for ${pagePath}`);
        const { categories, audits, runtimeError } = result.lhr;
        if (runtimeError) throw new Error(`lighthouse on ${pagePath}: ${runtimeError.code} ${runtimeError.message}`);
        results.push({
          score: Math.round((categories.performance?.score ?? 0) * 100),
          fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
          lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: audits['total-blocking-time']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        });
      }
      const middle = median(results.map((r) => r.score));
      const chosen = results.find((r) => r.score === middle) ?? results[0];
      scores.push({
        path: pagePath,
        score: middle,
        runs: results.map((r) => r.score),
        firstContentfulPaintMs: Math.round(chosen?.fcp ?? NaN),
        largestContentfulPaintMs: Math.round(chosen?.lcp ?? NaN),
        totalBlockingTimeMs: Math.round(chosen?.tbt ?? NaN),
        cumulativeLayoutShift: Number((chosen?.cls ?? NaN).toFixed(3)),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
