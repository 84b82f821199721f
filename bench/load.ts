import autocannon, { type AutocannonResult } from 'autocannon';
import type { Scenario } from './scenarios.ts';

export type LoadSettings = {
  /** seconds */
  duration: number;
  connections: number;
  pipelining: number;
};

export type RunCounts = {
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

export type LoadOutcome = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  /** average size of an answer, headers included */
  bytesPerResponse: number;
  counts: RunCounts;
};

function requestParts(scenario: Scenario): { headers: Record<string, string>; body?: string } {
  if (scenario.body === undefined) return { headers: scenario.headers };
  return { headers: { 'content-type': 'application/json', ...scenario.headers }, body: JSON.stringify(scenario.body) };
}

/** 10.x.y.z, a new one for each request of a run (16 million before one repeats) */
let clientNumber = 0;
function nextClientAddress(): string {
  clientNumber = (clientNumber + 1) % 0xffffff;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}

/** Headers of one request: the scenario's, and a fresh client address when the scenario rotates them. */
const headersFor = (scenario: Scenario, headers: Record<string, string>) => (scenario.rotateClientAddress ? { ...headers, 'x-forwarded-for': nextClientAddress() } : headers);

/** One request before the load: is the answer 2xx and, for the portal's envelope, success? Answers a problem or null. */
export async function probe(baseUrl: string, scenario: Scenario): Promise<string | null> {
  const { headers, body } = requestParts(scenario);
  try {
    const response = await fetch(baseUrl + scenario.path, { method: scenario.method, headers: headersFor(scenario, headers), body, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (response.status < 200 || response.status > 299) return `HTTP ${response.status}: ${text.slice(0, 300)}`;
    if (scenario.target === 'portal') {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || !('success' in parsed) || parsed.success !== true) {
        return `HTTP ${response.status} but not a successful envelope: ${text.slice(0, 300)}`;
      }
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function countsOf(result: AutocannonResult): RunCounts {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats)) statusCodes[code] = stat.count;
  return { requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, statusCodes };
}

export function isClean(counts: RunCounts): boolean {
  return counts.non2xx === 0 && counts.errors === 0 && counts.timeouts === 0;
}

/** Loads the scenario for settings.duration seconds with autocannon, in this process. */
export async function runLoad(baseUrl: string, scenario: Scenario, settings: LoadSettings): Promise<LoadOutcome> {
  const { headers, body } = requestParts(scenario);
  const result = await autocannon({
    title: scenario.name,
    url: baseUrl + scenario.path,
    method: scenario.method,
    headers,
    ...(body === undefined ? {} : { body }),
    // a request rebuilt for each sending costs the load generator a little: only when asked for
    ...(scenario.rotateClientAddress ? { requests: [{ method: scenario.method, path: scenario.path, headers, ...(body === undefined ? {} : { body }), setupRequest: (request) => ({ ...request, headers: headersFor(scenario, headers) }) }] } : {}),
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: settings.duration,
    timeout: 10,
  });
  return {
    requestsPerSecond: result.requests.mean,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMeanMs: result.latency.mean,
    bytesPerResponse: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    counts: countsOf(result),
  };
}
