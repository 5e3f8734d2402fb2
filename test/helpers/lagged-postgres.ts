import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** How late each PostgreSQL answer reaches its caller: a busy event loop's lag, made certain. */
export const LAG_MS = 60;

/**
 * Makes every PostgreSQL round trip of this process reach its caller LAG_MS late, after the server has answered:
 * what a process busy with many requests does to its own statements. A lock held from one statement of a
 * transaction to its commit is then held for at least LAG_MS per statement in between.
 */
export function lagPostgresAnswers(): () => void {
  const original = pg.Client.prototype.query;
  const lagged = function (this: pg.Client, ...args: unknown[]): unknown {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => setTimeout(() => (callback as (...r: unknown[]) => void)(...results), LAG_MS);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    }
    const answer = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (!(answer instanceof Promise)) return answer;
    return answer.then(
      async (value: unknown) => {
        await sleep(LAG_MS);
        return value;
      },
      async (err: unknown) => {
        await sleep(LAG_MS);
        throw err;
      },
    );
  };
  pg.Client.prototype.query = lagged as typeof original;
  return () => {
    pg.Client.prototype.query = original;
  };
}
