// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: { headers: Record<string, string> }, context: object) => object;
    onResponse?: (status: number, body: string, context: object) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to send in all (instead of for `duration`). */
    amount?: number;
    timeout?: number;
    requests?: Request[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
