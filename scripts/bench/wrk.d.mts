export interface WrkErrors {
  non2xx3xx: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  /** With `statuses`: the answers of status 400 and above, 503 with Retry-After (`shed`) apart from the rest. */
  statuses?: { shed: number; other: number };
}
export interface WrkResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: WrkErrors;
}
/** True when the `wrk` load generator can be run. */
export function hasWrk(): boolean;
export function wrkVersion(): string;
/** Writes a wrk Lua script that sends one fixed request and prints the result as JSON; returns its path. */
export function writeScript(
  dir: string,
  name: string,
  options?: { method?: string; headers?: Record<string, string>; body?: string; address?: string },
): string;
/** Runs wrk for `seconds` against `url`. */
export function runWrk(options: {
  url: string;
  script: string;
  connections: number;
  threads: number;
  seconds: number;
  statuses?: boolean;
}): Promise<WrkResult>;
