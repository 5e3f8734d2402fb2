import type { SpanAttributes, SpanOptions, Tracing } from '../telemetry/tracing.js';

/*
 * What a database statement's span says, the same on both engines (OpenTelemetry's database semantic
 * conventions): named by its operation and table (`SELECT pets`, `INSERT events`), never by a value;
 * `db.query.text` is the statement as written, with placeholders for its parameters and any literal in its
 * text replaced by `?`. Worked out once per statement text: SQLite keeps its statements prepared, and
 * PostgreSQL's are few fixed texts.
 */

/** Statement texts of a process are few; a text beyond this many is described but not remembered. */
const REMEMBERED = 2000;

/** Leading comments, strings and numbers, replaced in `db.query.text` (a statement may hold a literal). */
const COMMENTS = /--[^\n]*|\/\*[\s\S]*?\*\//g;
const LITERALS = /'(?:[^']|'')*'|(?<![\w$.])\d+(?:\.\d+)?(?![\w.])/g;

/** The verb and the table it acts on, e.g. `INSERT pets`; the verb alone when no table is found. */
export function querySummary(text: string): string {
  const sql = text.replace(COMMENTS, ' ').trim();
  const verb = (/^[A-Za-z]+/.exec(sql)?.[0] ?? 'SQL').toUpperCase();
  const target = targetOf(verb, sql);
  return target === null ? verb : `${verb} ${target}`;
}

const IDENT = String.raw`("[^"]+"|[A-Za-z_][\w.]*)`;
const TARGETS: Record<string, RegExp> = {
  INSERT: new RegExp(String.raw`^INSERT\s+(?:OR\s+\w+\s+)?INTO\s+${IDENT}`, 'i'),
  REPLACE: new RegExp(String.raw`^REPLACE\s+INTO\s+${IDENT}`, 'i'),
  UPDATE: new RegExp(String.raw`^UPDATE\s+(?:OR\s+\w+\s+)?${IDENT}`, 'i'),
  DELETE: new RegExp(String.raw`^DELETE\s+FROM\s+${IDENT}`, 'i'),
  SELECT: new RegExp(String.raw`\bFROM\s+${IDENT}`, 'i'),
  WITH: new RegExp(String.raw`\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|FROM)\s+${IDENT}`, 'i'),
};

function targetOf(verb: string, sql: string): string | null {
  const shape = TARGETS[verb];
  const found = shape === undefined ? null : shape.exec(sql);
  const name = found?.[1];
  return name === undefined ? null : name.replaceAll('"', '');
}

/** The statement as `db.query.text`: its placeholders kept, literals (strings, numbers) as `?`. */
export function queryText(text: string): string {
  return text.replace(COMMENTS, ' ').replace(LITERALS, '?').replace(/\s+/g, ' ').trim();
}

/** A statement's span: its name and options, ready to start (kind client, the engine's attributes). */
export interface StatementSpan {
  readonly name: string;
  readonly options: SpanOptions;
}

/** The spans of one database's statements, described once per text. */
export class StatementSpans {
  private readonly described = new Map<string, StatementSpan>();

  constructor(
    /** `sqlite` or `postgresql`, as `db.system` and `db.system.name`. */
    private readonly system: 'sqlite' | 'postgresql',
    /** `db.namespace`: the database's name (PostgreSQL) or file (SQLite). */
    private readonly namespace: string,
    private readonly server: SpanAttributes = {},
  ) {}

  of(text: string): StatementSpan {
    let span = this.described.get(text);
    if (span !== undefined) return span;
    const name = querySummary(text);
    const attributes: SpanAttributes = {
      'db.system': this.system,
      'db.system.name': this.system,
      'db.namespace': this.namespace,
      'db.operation.name': name.split(' ')[0],
      'db.collection.name': name.includes(' ') ? name.slice(name.indexOf(' ') + 1) : undefined,
      'db.query.summary': name,
      'db.query.text': queryText(text),
      ...this.server,
    };
    span = { name, options: { kind: 'client', attributes } };
    if (this.described.size < REMEMBERED) this.described.set(text, span);
    return span;
  }
}

/** Statements that are not the capability's own work: transaction control and PRAGMAs (SQLite's bookkeeping). */
export function isBookkeeping(text: string): boolean {
  return /^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA)\b/i.test(text);
}

/**
 * Whether a database or Redis call gets a span: with telemetry on, and only inside a span (a request, a
 * delivery, an order, a backup), as OpenTelemetry's own pg and ioredis instrumentations do with
 * `requireParentSpan`. Background polling (the webhook worker's claims, leases, retention) would otherwise
 * make a trace of one statement every few hundred milliseconds.
 */
export function inTrace(t: Tracing): boolean {
  return t.enabled && t.activeTraceparent() !== null;
}
