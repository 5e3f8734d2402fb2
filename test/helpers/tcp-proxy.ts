import { createConnection, createServer, type Socket } from 'node:net';

/**
 * How the proxy lets traffic through:
 * - `up`: forwards both ways;
 * - `refuse`: drops every connection and resets new ones, as when the server is down;
 * - `blackhole`: keeps connections open but forwards nothing, as when the network
 *   or the server stops answering — the case only timeouts can end.
 */
export type ProxyMode = 'up' | 'refuse' | 'blackhole';

export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  setMode(mode: ProxyMode): void;
  /**
   * Lets the next request reach the target but cuts its connection when the answer
   * starts to come back, so the client never sees it (a response lost on the way).
   * Resolves once a response has been dropped.
   */
  dropNextResponse(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 (random port) in front of `target`, which a test can cut and restore. */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'up';
  let dropResponse: (() => void) | null = null;
  const pairs = new Set<{ client: Socket; upstream?: Socket; silenced: boolean }>();

  const server = createServer((client) => {
    const pair: { client: Socket; upstream?: Socket; silenced: boolean } = { client, silenced: mode === 'blackhole' };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on('error', drop).on('close', drop);
    if (mode === 'refuse') return client.resetAndDestroy();
    if (mode === 'blackhole') return client.resume(); // read and discard, never answer
    const upstream = createConnection(target);
    pair.upstream = upstream;
    upstream.on('error', drop).on('close', drop);
    client.on('data', (chunk: Buffer) => {
      if (!pair.silenced) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dropResponse) {
        const dropped = dropResponse;
        dropResponse = null;
        drop();
        dropped();
        return;
      }
      if (!pair.silenced) client.write(chunk);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no TCP address');

  return {
    port: address.port,
    urlThrough: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(address.port);
      return u.toString();
    },
    setMode: (next) => {
      mode = next;
      for (const pair of [...pairs]) {
        if (next === 'refuse') pair.client.resetAndDestroy();
        else if (next === 'blackhole') pair.silenced = true;
        // Connections silenced during a blackhole are stale once it ends: drop them.
        else if (pair.silenced) pair.client.destroy();
      }
    },
    dropNextResponse: () =>
      new Promise<void>((resolve) => {
        dropResponse = resolve;
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) pair.client.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Host and port of a postgres:// URL. */
export function hostPort(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || 5432) };
}
