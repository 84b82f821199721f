/**
 * Lighthouse's performance score of the public pages as a phone sees them: the mobile preset (a mid-range
 * phone, slow 4G and a 4x slower CPU, simulated) in Debian's Chromium, median of a few fresh visits.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

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
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const scores: LighthouseScore[] = [];
    for (const pagePath of paths) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        // the default configuration is the mobile preset; storage is cleared before each visit
        const result = await lighthouse(baseUrl + pagePath, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
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
