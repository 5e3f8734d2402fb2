import type { AddressInfo } from 'node:net';
import { harness } from '../../../../test/helpers/harness.js';

export interface LiveServer {
  /** The API's base address, ending in /v1. */
  baseUrl: string;
  host: string;
  port: number;
  /** A project of its own (enterprise plan, so its quota can be small) and a key on it. */
  newKey(quota?: { perMinute?: number; perDay?: number }): Promise<string>;
  /**
   * Moves the server's clock forward (never back) until it reads `second` seconds past a
   * minute, so a test knows how far the minute window is from its end.
   */
  setServerSecond(second: number): void;
  close(): Promise<void>;
}

/**
 * The real service, in this process, listening on 127.0.0.1 (random port), on a fresh
 * database, with a clock that runs at real speed but can be moved forward. All of the
 * SDK tests' setup goes through here.
 */
export async function liveServer(config: { banThreshold?: number; banDurationSeconds?: number } = {}): Promise<LiveServer> {
  let offsetMs = 0;
  const h = await harness({ clock: { now: () => Date.now() + offsetMs }, config });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${String(port)}/v1`,
    host: '127.0.0.1',
    port,
    newKey: async (quota = {}) => (await h.newProject('enterprise', quota)).key,
    setServerSecond: (second) => {
      const msIntoMinute = (Date.now() + offsetMs) % 60_000;
      offsetMs += (second * 1000 - msIntoMinute + 60_000) % 60_000;
    },
    close: () => h.close(),
  };
}

export interface Exchange {
  method: string;
  url: string;
  headers: Headers;
  sentAt: number;
  status?: number;
  responseHeaders?: Headers;
  receivedAt?: number;
}

/** A fetch that records every request it sends and the status and headers of every answer. */
export function recordingFetch(): { fetch: typeof globalThis.fetch; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const recording: typeof globalThis.fetch = async (input, init) => {
    const exchange: Exchange = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      sentAt: Date.now(),
    };
    exchanges.push(exchange);
    const response = await fetch(input, init);
    exchange.status = response.status;
    exchange.responseHeaders = response.headers;
    exchange.receivedAt = Date.now();
    return response;
  };
  return { fetch: recording, exchanges };
}
