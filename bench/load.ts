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

/** 10.x.y.z, a new one for each request of a run (16 million before one repeats) */
let clientNumber = 0;
function nextClientAddress(): string {
  clientNumber = (clientNumber + 1) % 0xffffff;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}

/** the same on every request of the scenario */
function fixedParts(scenario: Scenario): { headers: Record<string, string>; body?: string } {
  if (scenario.body === undefined) return { headers: scenario.headers };
  return { headers: { 'content-type': 'application/json', ...scenario.headers }, body: JSON.stringify(scenario.body) };
}

/** does each request need building anew (a fresh client address or fresh values)? */
const variesPerRequest = (scenario: Scenario) => scenario.rotateClientAddress === true || scenario.perRequest !== undefined;

/** The headers and body of one request: the scenario's, with its fresh client address and per-request values. */
export function requestOf(scenario: Scenario): { headers: Record<string, string>; body?: string } {
  const fixed = fixedParts(scenario);
  if (!variesPerRequest(scenario)) return fixed;
  const fresh = scenario.perRequest?.() ?? {};
  const body = fresh.body === undefined ? fixed.body : JSON.stringify(fresh.body);
  const headers = { ...fixed.headers, ...(fresh.body === undefined ? {} : { 'content-type': 'application/json' }), ...fresh.headers, ...(scenario.rotateClientAddress ? { 'x-forwarded-for': nextClientAddress() } : {}) };
  return body === undefined ? { headers } : { headers, body };
}

/** One request as the load sends it; answers the status and the body's text. */
export async function sendOnce(baseUrl: string, scenario: Scenario): Promise<{ status: number; text: string }> {
  const { headers, body } = requestOf(scenario);
  const response = await fetch(baseUrl + scenario.path, { method: scenario.method, headers, body, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: await response.text() };
}

/** One request before the load: is the answer 2xx and, for the portal's envelope, success? Answers a problem or null. */
export async function probe(baseUrl: string, scenario: Scenario): Promise<string | null> {
  try {
    const { status, text } = await sendOnce(baseUrl, scenario);
    if (status < 200 || status > 299) return `HTTP ${status}: ${text.slice(0, 300)}`;
    if (scenario.target === 'portal' && !scenario.plainAnswer) {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || !('success' in parsed) || parsed.success !== true) {
        return `HTTP ${status} but not a successful envelope: ${text.slice(0, 300)}`;
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
  const { headers, body } = fixedParts(scenario);
  const result = await autocannon({
    title: scenario.name,
    url: baseUrl + scenario.path,
    method: scenario.method,
    headers,
    ...(body === undefined ? {} : { body }),
    // a request rebuilt for each sending costs the load generator a little: only when asked for
    ...(variesPerRequest(scenario) ? { requests: [{ method: scenario.method, path: scenario.path, headers, ...(body === undefined ? {} : { body }), setupRequest: (request) => ({ ...request, ...requestOf(scenario) }) }] } : {}),
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
