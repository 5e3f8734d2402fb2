import type { FeatureMigrations } from '../storage/migrations.js';

/**
 * The same on both engines. A delivery that ends is no longer due: it leaves the due index (one
 * entry removed) instead of moving within two indexes ((state, next_at) and (endpoint_id, state,
 * next_at)), and the due index holds only what is waiting. webhook_deliveries_by_endpoint serves
 * removing an endpoint's deliveries (and its foreign-key check).
 */
const DELIVERIES_INDEXED_FOR_CLAIMS = {
  version: 2,
  name: 'deliveries indexed for their claims: due ones only, and by endpoint',
  sql: `
        DROP INDEX webhook_deliveries_due;
        DROP INDEX webhook_deliveries_endpoint;
        CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(endpoint_id, next_at, id) WHERE state = 'pending';
        CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries(endpoint_id);`,
};

/** What the receiver answered (its first RESPONSE_READ_BYTES), shown with the attempt. */
const ATTEMPT_RESPONSES = {
  version: 3,
  name: "webhook attempts keep the start of the receiver's answer",
  sql: `ALTER TABLE webhook_attempts ADD COLUMN response TEXT;`,
};

/**
 * Each project's count of delivery attempts per UTC day (`utc_day`: days since 1970-01-01), bounded by its
 * plan's webhook budget; the day a delivery's lease was counted against, to give it back if the attempt is
 * not made; and attempts not made because the budget was spent (`budget_exhausted`).
 */
const WEBHOOK_BUDGET = 'a daily webhook budget per project, and attempts not sent beyond it';

/**
 * The `traceparent` of the span that caused an event (its request's, when telemetry is on; else null), so each
 * delivery attempt's span, in a trace of its own, links to it.
 */
const EVENT_CAUSES = {
  version: 5,
  name: 'events keep the trace of the request that caused them',
  kind: 'expand',
  sql: `ALTER TABLE events ADD COLUMN traceparent TEXT;`,
} as const;

/**
 * The outbox and webhooks: events (written in the transaction of the change
 * that causes them, kept 30 days), a project's endpoints, one delivery per
 * event and subscribed endpoint (with its lease while an instance sends it),
 * and every attempt made.
 */
export const eventMigrations: FeatureMigrations = {
  feature: 'events',
  sqlite: [
    {
      version: 1,
      name: 'events, webhook endpoints, deliveries and attempts',
      sql: `
        CREATE TABLE events (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          type TEXT NOT NULL,
          data TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX events_project ON events(project_id, seq);
        CREATE INDEX events_project_type ON events(project_id, type, seq);
        CREATE INDEX events_created ON events(created_at);

        CREATE TABLE webhook_endpoints (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          project_id INTEGER NOT NULL REFERENCES projects(id),
          url TEXT NOT NULL,
          events TEXT NOT NULL,
          description TEXT,
          secret TEXT NOT NULL,
          enabled INTEGER NOT NULL,
          disabled_reason TEXT,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX webhook_endpoints_project ON webhook_endpoints(project_id);

        CREATE TABLE webhook_deliveries (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints(id),
          event_seq INTEGER NOT NULL REFERENCES events(seq),
          state TEXT NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
          attempts INTEGER NOT NULL,
          next_at INTEGER NOT NULL,
          lease_until INTEGER,
          lease_token TEXT,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX webhook_deliveries_due ON webhook_deliveries(state, next_at);
        CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, state, next_at);
        CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_seq);

        CREATE TABLE webhook_attempts (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id),
          endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints(id),
          attempt INTEGER NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('succeeded', 'failed')),
          http_status INTEGER,
          duration_ms INTEGER NOT NULL,
          error TEXT,
          attempted_at INTEGER NOT NULL
        );
        CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id);
        CREATE INDEX webhook_attempts_endpoint ON webhook_attempts(endpoint_id, id);`,
    },
    DELIVERIES_INDEXED_FOR_CLAIMS,
    ATTEMPT_RESPONSES,
    {
      version: 4,
      name: WEBHOOK_BUDGET,
      // SQLite cannot change a CHECK constraint: the attempts are copied into a table with the new status.
      sql: `
        CREATE TABLE webhook_budget (
          project_id INTEGER NOT NULL REFERENCES projects(id),
          utc_day INTEGER NOT NULL,
          used INTEGER NOT NULL,
          PRIMARY KEY (project_id, utc_day)
        ) WITHOUT ROWID;
        ALTER TABLE webhook_deliveries ADD COLUMN budget_day INTEGER;

        CREATE TABLE webhook_attempts_new (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id),
          endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints(id),
          attempt INTEGER NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('succeeded', 'failed', 'budget_exhausted')),
          http_status INTEGER,
          duration_ms INTEGER NOT NULL,
          error TEXT,
          attempted_at INTEGER NOT NULL,
          response TEXT
        );
        INSERT INTO webhook_attempts_new (id, delivery_id, endpoint_id, attempt, status, http_status, duration_ms, error, attempted_at, response)
          SELECT id, delivery_id, endpoint_id, attempt, status, http_status, duration_ms, error, attempted_at, response FROM webhook_attempts;
        DROP TABLE webhook_attempts;
        ALTER TABLE webhook_attempts_new RENAME TO webhook_attempts;
        CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id);
        CREATE INDEX webhook_attempts_endpoint ON webhook_attempts(endpoint_id, id);`,
    },
    EVENT_CAUSES,
  ],
  postgres: [
    {
      version: 1,
      name: 'events, webhook endpoints, deliveries and attempts',
      sql: `
        CREATE TABLE events (
          seq BIGSERIAL PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          type TEXT NOT NULL,
          data TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX events_project ON events(project_id, seq);
        CREATE INDEX events_project_type ON events(project_id, type, seq);
        CREATE INDEX events_created ON events(created_at);

        CREATE TABLE webhook_endpoints (
          id BIGSERIAL PRIMARY KEY,
          project_id BIGINT NOT NULL REFERENCES projects(id),
          url TEXT NOT NULL,
          events TEXT NOT NULL,
          description TEXT,
          secret TEXT NOT NULL,
          enabled BOOLEAN NOT NULL,
          disabled_reason TEXT,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX webhook_endpoints_project ON webhook_endpoints(project_id);

        CREATE TABLE webhook_deliveries (
          id BIGSERIAL PRIMARY KEY,
          endpoint_id BIGINT NOT NULL REFERENCES webhook_endpoints(id),
          event_seq BIGINT NOT NULL REFERENCES events(seq),
          state TEXT NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
          attempts BIGINT NOT NULL,
          next_at TIMESTAMPTZ NOT NULL,
          lease_until TIMESTAMPTZ,
          lease_token TEXT,
          created_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX webhook_deliveries_due ON webhook_deliveries(state, next_at);
        CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, state, next_at);
        CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_seq);

        CREATE TABLE webhook_attempts (
          id BIGSERIAL PRIMARY KEY,
          delivery_id BIGINT NOT NULL REFERENCES webhook_deliveries(id),
          endpoint_id BIGINT NOT NULL REFERENCES webhook_endpoints(id),
          attempt BIGINT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('succeeded', 'failed')),
          http_status BIGINT,
          duration_ms BIGINT NOT NULL,
          error TEXT,
          attempted_at TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id);
        CREATE INDEX webhook_attempts_endpoint ON webhook_attempts(endpoint_id, id);`,
    },
    DELIVERIES_INDEXED_FOR_CLAIMS,
    ATTEMPT_RESPONSES,
    {
      version: 4,
      name: WEBHOOK_BUDGET,
      sql: `
        CREATE TABLE webhook_budget (
          project_id BIGINT NOT NULL REFERENCES projects(id),
          utc_day BIGINT NOT NULL,
          used BIGINT NOT NULL,
          PRIMARY KEY (project_id, utc_day)
        );
        ALTER TABLE webhook_deliveries ADD COLUMN budget_day BIGINT;
        ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_status_check;
        ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_status_check
          CHECK (status IN ('succeeded', 'failed', 'budget_exhausted'));`,
    },
    EVENT_CAUSES,
  ],
};
