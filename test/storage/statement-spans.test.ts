import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { installTracing, noTracing } from '../../src/telemetry/tracing.js';
import { querySummary, queryText } from '../../src/storage/statement-spans.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, type Harness } from '../helpers/harness.js';
import { RecordingTracing, type RecordedSpan } from '../helpers/recording-tracing.js';

test('a statement is summarised by its operation and table, and its text keeps no literal', () => {
  assert.equal(querySummary('SELECT id, name FROM pets WHERE project_id = ? AND id = ?'), 'SELECT pets');
  assert.equal(querySummary('  insert into webhook_deliveries (a) values ($1)'), 'INSERT webhook_deliveries');
  assert.equal(querySummary('UPDATE keys SET banned_until = ? WHERE id = ?'), 'UPDATE keys');
  assert.equal(querySummary('DELETE FROM events WHERE seq < ?'), 'DELETE events');
  assert.equal(querySummary('WITH next AS (INSERT INTO pet_sequences AS s VALUES ($1)) SELECT 1 FROM next'), 'WITH pet_sequences');
  assert.equal(querySummary('SELECT 1'), 'SELECT');
  assert.equal(querySummary('BEGIN'), 'BEGIN');
  assert.equal(
    queryText("SELECT * FROM t1 WHERE name = 'Rex''s' AND n > 42 AND id = $2 LIMIT ? + 0"),
    'SELECT * FROM t1 WHERE name = ? AND n > ? AND id = $2 LIMIT ? + ?',
  );
});

describeEachEngine('database statement spans', (engine) => {
  const system = engine.name === 'postgres' ? 'postgresql' : 'sqlite';
  const tracing = new RecordingTracing();
  let h: Harness;
  before(async () => {
    installTracing(tracing);
    h = await harness();
  });
  after(async () => {
    await h.close();
    installTracing(noTracing);
  });

  const dbSpans = (within: RecordedSpan) =>
    tracing.spans.filter((s) => s.attributes['db.system'] === system && tracing.descends(s, within));

  test('a createPet makes client spans for its statements, under the span active in its request, with no value in them', async () => {
    const name = `Rex-${String(Date.now())}`;
    const res = await h.request({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...h.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ name, categoryId: 3 }),
    });
    assert.equal(res.statusCode, 201, res.body);
    const request = tracing.serverSpanOf(res);
    assert.equal(request.name, 'POST /v1/pets');
    const spans = dbSpans(request);
    const statements = spans.filter((s) => s.kind === 'client');
    const insert = statements.find((s) => /^(INSERT|WITH) pet/.test(s.name));
    assert.ok(insert, `an INSERT of the pet among ${JSON.stringify(statements.map((s) => s.name))}`);
    for (const s of statements) {
      assert.equal(s.ended, true, `${s.name} ended`);
      assert.equal(s.attributes['db.system.name'], system);
      assert.equal(s.attributes['db.query.summary'], s.name);
      assert.equal(typeof s.attributes['db.namespace'], 'string');
      const text = String(s.attributes['db.query.text']);
      assert.ok(!text.includes(name) && !s.name.includes(name), `${s.name}: no parameter value in the span`);
    }
    assert.match(String(insert.attributes['db.query.text']), engine.name === 'postgres' ? /\$1/ : /\?/);
    // The write waited for its group commit: one span, from queueing to the commit, the statement inside it.
    const commit = spans.find((s) => s.name === 'group commit');
    assert.ok(commit, 'the write has its group commit span');
    assert.equal(commit.ended, true);
    // Writes of the app's own (the request log, the webhook worker) may share its batch.
    assert.ok(Number(commit.attributes['db.operation.batch.size']) >= 1);
    assert.ok(tracing.descends(insert, commit), 'the INSERT runs inside its group commit');
    assert.equal(commit.failed, undefined);
  });

  test('a statement that fails marks its span failed', async () => {
    const before = tracing.spans.length;
    const { database } = h.storage;
    if (database.engine === 'postgres')
      await assert.rejects(tracing.inSpan('probe', {}, () => database.pg.query('SELECT * FROM no_such_table')));
    else assert.throws(() => database.sqlite.prepare('SELECT * FROM pets WHERE no_such_column = ?').get(1));
    // Only this statement's: the app's background work (the webhook worker) makes spans of its own meanwhile.
    const spans = tracing.spans
      .slice(before)
      .filter((s) => s.attributes['db.system'] === system && /no_such/.test(String(s.attributes['db.query.text'])));
    // SQLite refuses the statement as it is prepared: nothing ran, no span; PostgreSQL refuses it as it runs.
    if (h.storage.engine === 'postgres') {
      assert.equal(spans.length, 1);
      assert.equal(spans[0]?.name, 'SELECT no_such_table');
      assert.ok(spans[0]?.failed);
      assert.equal(spans[0]?.ended, true);
    } else {
      assert.equal(spans.length, 0);
    }
  });

  test('a statement outside any span makes none (background polling would make a trace each)', async () => {
    const before = tracing.spans.length;
    const { database } = h.storage;
    if (database.engine === 'postgres') await database.pg.query('SELECT 42 AS outside');
    else database.sqlite.prepare('SELECT 42 AS outside').get();
    assert.deepEqual(
      tracing.spans.slice(before).filter((s) => String(s.attributes['db.query.text']).includes('outside')),
      [],
    );
  });

  test('reads outside a request nest under whatever span is active, and a root span starts its own trace', async () => {
    const project = await h.newProject();
    await tracing.inSpan('job', { root: true }, async () => {
      const res = await h.request({ method: 'GET', url: '/v1/pets?limit=5', headers: project.auth });
      assert.equal(res.statusCode, 200);
    });
    const [job] = tracing.named('job');
    assert.ok(job);
    assert.equal(job.parentId, null);
    for (const s of dbSpans(job)) assert.equal(s.traceId, job.traceId);
  });
});
