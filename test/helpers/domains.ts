import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReadyDeploys } from '../../src/domains/deps.js';

/** Projects with a ready deploy, as the deploys capability would say. */
export function readyDeploys(): ReadyDeploys & { ready: Set<number> } {
  const ready = new Set<number>();
  return { ready, hasReadyDeploy: async (id) => ready.has(id) };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The serial number of the certificate the server presented (HTTPS). */
  serial?: string;
}

/** GET over HTTPS to 127.0.0.1 with this SNI and Host, trusting `ca` only. */
export function httpsGet(port: number, servername: string, path: string, ca: string, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port, servername, path, ca, agent, headers: { host: `${servername}:${String(port)}` }, timeout: 5000 },
      (res) => {
        const peer = (res.socket as unknown as { getPeerCertificate(): { serialNumber?: string } }).getPeerCertificate();
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ...(peer.serialNumber ? { serial: peer.serialNumber } : {}) }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** GET over plain HTTP to 127.0.0.1 with this Host. */
export function httpGet(port: number, host: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host }, agent: false, timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** Polls `probe` every 50 ms until it returns a value, for up to `ms`. */
export async function eventually<T>(what: string, ms: number, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (err) {
      last = err;
    }
    await sleep(50);
  }
  assert.fail(`${what}: not within ${String(ms)} ms${last ? ` (last error: ${(last as Error).message})` : ''}`);
}
