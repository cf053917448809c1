// The parts of autocannon 8 the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    warmup?: { connections?: number; duration?: number };
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
    min: number;
    [percentile: string]: number;
  }
  export interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram & { p95?: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    [key: string]: unknown;
  }
  export interface Instance extends Promise<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    stop(): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
