import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/app.js';
import { OPERATOR } from '../../src/audit/actor.js';
import { manualClock } from '../../src/clock.js';
import { describeEachEngine } from '../helpers/engines.js';
import { harness, ok, uniqueSlug, type Harness } from '../helpers/harness.js';

const T0 = Date.parse('2026-09-01T12:00:00Z');
const PAST_RETENTION = 91 * 24 * 3600_000;

/** With WORKERS > 1 the timed background work runs in the primary alone (server.ts passes each process its number). */
describeEachEngine('background work in one process of the server', () => {
  let h: Harness;
  const clock = manualClock(T0);
  let slug: string;
  before(async () => {
    h = await harness({ clock });
    slug = uniqueSlug('bg');
    ok(await h.app.projects.create(OPERATOR, slug, 'free'));
  });
  after(() => h.close());

  const entries = async () => {
    clock.set(T0);
    const project = ok(await h.app.projects.find(slug));
    return (await h.app.audit.service.list(project.id, { limit: 100 })).length;
  };

  test('a worker does not purge at its start what is past retention; the primary does', async () => {
    assert.ok((await entries()) > 0, 'the project’s creation is audited');
    const later = manualClock(T0 + PAST_RETENTION);
    const worker = await buildApp({ config: h.app.config, storage: h.storage, clock: later, worker: 1 });
    assert.equal(worker.background, false);
    await worker.close();
    assert.ok((await entries()) > 0, 'a worker purged nothing');
    const primary = await buildApp({ config: h.app.config, storage: h.storage, clock: later, worker: 0 });
    assert.equal(primary.background, true);
    await primary.close();
    assert.equal(await entries(), 0, 'the primary purged them when it started');
  });
});
