// autocannon ships no types and @types/autocannon is not installed: the part of its API the bench uses.
declare module 'autocannon' {
  export type AutocannonMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

  /** one request of a sequence; setupRequest may change it before each sending */
  export type AutocannonRequest = {
    method?: AutocannonMethod;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  };

  export type AutocannonOptions = {
    url: string;
    requests?: AutocannonRequest[];
    method?: AutocannonMethod;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    /** seconds */
    duration?: number;
    /** seconds */
    timeout?: number;
    title?: string;
  };

  /** hdr-histogram-percentiles-obj: latency in ms, requests per second, throughput in bytes per second */
  export type AutocannonHistogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };

  export type AutocannonResult = {
    title?: string;
    url: string;
    connections: number;
    pipelining: number;
    /** seconds */
    duration: number;
    start: Date;
    finish: Date;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: AutocannonHistogram & { totalCount: number };
    requests: AutocannonHistogram & { sent: number };
    throughput: AutocannonHistogram;
  };

  export type AutocannonInstance = PromiseLike<AutocannonResult> & {
    stop: () => void;
  };

  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
