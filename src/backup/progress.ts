import type { CliContext } from '../feature.js';
import type { TableStart } from './file/format.js';

/** Where a backup or restore stands: the table it is at, the rows and bytes done, and how far along it is (0–1, or null when unknown). */
export interface Standing {
  table: string;
  rows: number;
  totalRows: number;
  bytes: number;
  done: number | null;
}

const megabytes = (n: number) => `${(n / 1_000_000).toFixed(1)} MB`;

export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${String(s)} s` : `${String(Math.floor(s / 60))} min ${String(s % 60).padStart(2, '0')} s`;
}

/** The progress line: `backup: pets, 120000 of ~1000000 rows, 45.2 MB, 12 s, about 1 min 30 s left`. */
export function standingLine(verb: string, s: Standing, elapsedMs: number): string {
  const of = s.totalRows > 0 ? ` of ${s.totalRows >= s.rows ? '' : '~'}${String(Math.max(s.totalRows, s.rows))}` : '';
  // Too early an estimate is noise: it waits for 2 s and 1 % of the work.
  const left =
    s.done !== null && s.done >= 0.01 && s.done < 1 && elapsedMs >= 2000
      ? `about ${duration((elapsedMs * (1 - s.done)) / s.done)} left`
      : 'estimating what is left';
  return `${verb}: ${s.table}, ${String(s.rows)}${of} rows, ${megabytes(s.bytes)}, ${duration(elapsedMs)}, ${left}`;
}

/**
 * Progress for a long operator command on a terminal: one line rewritten at most every 100 ms (and at each
 * new table), cleared at the end. Undefined when stderr is not a terminal or with --json: nothing is shown.
 */
export function progressOnTerminal(
  ctx: Pick<CliContext, 'interactive' | 'status' | 'clock'>,
  json: boolean,
  verb: string,
): { show(s: Standing): void; end(): void } | undefined {
  if (json || !ctx.interactive) return undefined;
  const started = ctx.clock.now();
  let shownAt = -Infinity;
  let table = '';
  return {
    show(s) {
      const now = ctx.clock.now();
      if (now - shownAt < 100 && s.table === table) return;
      shownAt = now;
      table = s.table;
      ctx.status(standingLine(verb, s, now - started));
    },
    end: () => ctx.status(''),
  };
}

/** Told after each batch of rows a restore writes: the table, how many, and how far into the file. */
export type OnRows = (table: TableStart, rows: number, at: number) => void;
