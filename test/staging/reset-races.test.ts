import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, manualClock, ok, type Harness } from '../helpers/harness.js';
import { memberOf } from '../helpers/webhooks.js';
import { OPERATOR } from '../../src/audit/actor.js';

const json = { 'content-type': 'application/json' };

/**
 * A staging reset on PostgreSQL while others write what it deletes: the delivery worker recording an attempt
 * of a staging delivery commits between the reset's statements, which then found a row referring to one it
 * had deleted (23503, answered 500). The reset now starts over and empties staging.
 */
describeEachEngine(
  'a staging reset beside the delivery worker',
  () => {
    const clock = manualClock(Date.UTC(2027, 2, 1, 12, 0, 30));
    let h: Harness;
    before(async () => {
      h = await harness({
        clock,
        config: { baseUrl: 'https://api.petstore.test/v1', stagingBaseUrl: 'https://api.petstore.test/staging/v1' },
      });
    });
    after(() => h.close());

    test('an attempt recorded while the reset runs: the reset answers 200 and leaves no event, delivery or attempt', async () => {
      const { database } = h.app.storage;
      if (database.engine !== 'postgres') throw new Error('a PostgreSQL suite');
      const p = await h.newProject('enterprise');
      const stagingKey = ok(await h.app.keys.create(OPERATOR, p.project, 'staging', { environment: 'staging' }));
      const c = await memberOf(h.app, p.project);
      const hook = await c.call({
        method: 'POST',
        url: `/api/v1/projects/${p.project}/webhooks`,
        payload: { url: 'https://hooks.example.org/in', events: ['*'], environment: 'staging' },
      });
      assert.equal(hook.statusCode, 201, hook.body);
      const created = await h.request({
        method: 'POST',
        url: '/staging/v1/pets',
        headers: { authorization: `Bearer ${stagingKey.key}`, ...json },
        payload: { name: 'X', categoryId: 1 },
      });
      assert.equal(created.statusCode, 201, created.body);

      const { rows } = await database.pg.query<{ staging: number }>(
        'SELECT s.id AS staging FROM projects s JOIN projects p ON s.production_id = p.id WHERE p.slug = $1',
        [p.project],
      );
      const stagingId = Number(rows[0]?.staging);
      const left = async () => {
        const counts = (
          await database.pg.query<{ events: bigint; deliveries: bigint; attempts: bigint }>(
            `SELECT (SELECT count(*) FROM events WHERE project_id = $1) AS events,
                    (SELECT count(*) FROM webhook_deliveries d JOIN events e ON e.seq = d.event_seq WHERE e.project_id = $1) AS deliveries,
                    (SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
                       JOIN events e ON e.seq = d.event_seq WHERE e.project_id = $1) AS attempts`,
            [stagingId],
          )
        ).rows[0];
        return { events: Number(counts?.events), deliveries: Number(counts?.deliveries), attempts: Number(counts?.attempts) };
      };
      assert.deepEqual(await left(), { events: 1, deliveries: 1, attempts: 0 });

      // As the worker's step: an attempt of the staging delivery, its transaction open while the reset starts.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let recorded!: () => void;
      const attemptRecorded = new Promise<void>((r) => (recorded = r));
      const worker = database.pg.transaction(async (client) => {
        await client.query(
          `INSERT INTO webhook_attempts (delivery_id, endpoint_id, attempt, status, http_status, duration_ms, error, response, attempted_at)
           SELECT d.id, d.endpoint_id, 1, 'failed', NULL, 5, 'no answer', NULL, $2
           FROM webhook_deliveries d JOIN events e ON e.seq = d.event_seq WHERE e.project_id = $1`,
          [stagingId, new Date(clock.now())],
        );
        recorded();
        await held;
      });
      await attemptRecorded;
      const reset = c.call({ method: 'POST', url: `/api/v1/projects/${p.project}/staging/reset` });
      // The reset's statements reach the delivery the open attempt refers to, and wait for it.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const waiting = await database.pg.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        );
        if (Number(waiting.rows[0]?.n) > 0) break;
        assert.ok(Date.now() < deadline, 'the reset waits for the attempt');
        await new Promise((r) => setTimeout(r, 20));
      }
      release();
      await worker;
      const answer = await reset;
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(await left(), { events: 0, deliveries: 0, attempts: 0 });
    });
  },
  { only: ['postgres'] },
);
