import { startCpuSample } from './cpu-usage.ts';
import { isClean, probe, runLoad, type LoadSettings, type RunCounts } from './load.ts';
import type { BenchOptions } from './options.ts';
import type { ScenarioReport } from './report.ts';
import type { Scenario } from './scenarios.ts';
import type { RunningServer } from './servers.ts';

/** A loud block on stderr: a failure nobody should miss in the output. */
export function shout(lines: string[]): void {
  const bar = '!'.repeat(78);
  process.stderr.write(`\n${bar}\n${lines.map((line) => `!! ${line}`).join('\n')}\n${bar}\n\n`);
}

export function describeCounts(counts: RunCounts): string {
  const codes = Object.entries(counts.statusCodes)
    .map(([code, count]) => `${code}: ${count}`)
    .join(', ');
  return `${counts.requests} responses (${codes || 'none'}); non-2xx ${counts.non2xx}, connection errors ${counts.errors}, timeouts ${counts.timeouts}`;
}

/**
 * One scenario on one server: a probe request, a warm-up, the measured run with the server's CPU, and in
 * scale mode the run again on one connection; a failure is reported in the answer and shouted.
 */
export async function measure(scenario: Scenario, server: RunningServer, options: Pick<BenchOptions, 'warmup' | 'duration' | 'scale'>, settings: LoadSettings): Promise<ScenarioReport> {
  const report: ScenarioReport = {
    name: scenario.name,
    target: scenario.target,
    method: scenario.method,
    path: scenario.path,
    failure: null,
    warmup: null,
    outcome: null,
    cpu: null,
    ratioToBaseline: null,
    singleConnection: null,
    p99TargetMs: scenario.p99TargetMs ?? null,
  };
  process.stdout.write(`- ${scenario.name} (${scenario.method} ${server.name}${scenario.path}): `);

  const problem = await probe(server.baseUrl, scenario);
  if (problem !== null) {
    process.stdout.write('probe failed\n');
    report.failure = `the probe request failed: ${problem}`;
    shout([`${scenario.name}: not measured, ${report.failure}`]);
    return report;
  }

  process.stdout.write(`warm-up ${options.warmup} s, `);
  const warmup = await runLoad(server.baseUrl, scenario, { ...settings, duration: options.warmup });
  report.warmup = warmup.counts;

  process.stdout.write(`run ${options.duration} s ... `);
  const stopSample = startCpuSample(server.process.pid);
  const outcome = await runLoad(server.baseUrl, scenario, settings);
  report.cpu = stopSample();
  report.outcome = outcome;
  process.stdout.write(`${outcome.requestsPerSecond.toFixed(0)} req/s, p50 ${outcome.latencyP50Ms} ms, p99 ${outcome.latencyP99Ms} ms`);

  // scale mode: the latency of one request with nobody queueing before it, which the p99 targets are about
  if (options.scale) {
    process.stdout.write(`; on 1 connection ${options.duration} s ... `);
    report.singleConnection = await runLoad(server.baseUrl, scenario, { duration: options.duration, connections: 1, pipelining: 1 });
    process.stdout.write(`p50 ${report.singleConnection.latencyP50Ms} ms, p99 ${report.singleConnection.latencyP99Ms} ms`);
  }
  process.stdout.write('\n');

  const problems: string[] = [];
  if (!isClean(warmup.counts)) problems.push(`warm-up: ${describeCounts(warmup.counts)}`);
  if (!isClean(outcome.counts)) problems.push(`measured run: ${describeCounts(outcome.counts)}`);
  if (report.singleConnection && !isClean(report.singleConnection.counts)) problems.push(`single-connection run: ${describeCounts(report.singleConnection.counts)}`);
  if (!server.process.isRunning()) problems.push(`the ${server.name} server exited (${String(await server.process.exited)}). Its last output:\n${server.process.tail()}`);
  if (problems.length > 0) {
    report.failure = problems.join(' | ');
    shout([`${scenario.name}: FAILED (not every response was 2xx, or the run broke)`, ...problems]);
  }
  return report;
}
