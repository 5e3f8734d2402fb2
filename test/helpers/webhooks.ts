import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import type { App } from '../../src/app.js';
import { ok } from './harness.js';
import { createPerson, ManagementClient } from './management.js';
import { OPERATOR } from '../../src/audit/actor.js';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** The event as the standardwebhooks package verified it (null when it did not verify). */
  verified: Record<string, unknown> | null;
}

/**
 * A webhook receiver on 127.0.0.1 (port 0) that verifies every delivery with
 * the Standard Webhooks reference library and records it. `answer` decides
 * each response (default 204).
 */
export async function receiver(
  answer: (req: IncomingMessage, res: ServerResponse, received: Received[]) => void = (_req, res) => {
    res.statusCode = 204;
    res.end();
  },
) {
  const received: Received[] = [];
  let secret: string | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: Record<string, unknown> | null = null;
      if (secret) {
        try {
          verified = new Webhook(secret).verify(body, req.headers as Record<string, string>) as Record<string, unknown>;
        } catch {
          verified = null;
        }
      }
      received.push({ headers: req.headers, body, at: Date.now(), verified });
      answer(req, res, received);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${String(port)}/hook`,
    port,
    received,
    /** The secret deliveries are verified with. */
    useSecret(s: string) {
      secret = s;
    },
    async waitFor(n: number, timeoutMs = 15_000) {
      const start = Date.now();
      while (received.length < n) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`received ${String(received.length)} of ${String(n)} deliveries in ${String(timeoutMs)} ms`);
        await sleep(25);
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A signed-in member of `project`. */
export async function memberOf(app: App, project: string): Promise<ManagementClient> {
  const person = await createPerson(app, `hooks-${randomBytes(4).toString('hex')}@example.test`);
  ok(await app.accounts.addMember(OPERATOR, project, person.email));
  const c = await ManagementClient.on(app);
  await c.signIn(person.email, person.password);
  return c;
}

/** Waits until `check` returns a value other than undefined. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000, what = 'the condition'): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`${what} did not hold within ${String(timeoutMs)} ms`);
    await sleep(50);
  }
}
