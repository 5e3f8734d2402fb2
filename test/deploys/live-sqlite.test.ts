import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDeployRepository } from '../../src/deploys/open-repository.js';
import type { Manifest, NewDeploy } from '../../src/deploys/storage/repository.js';
import { LIVE_RECHECK_MS } from '../../src/deploys/storage/sqlite.js';
import { tempDatabase } from '../helpers/processes.js';
import { openRepositories } from '../helpers/repositories.js';

function ready(projectId: number, manifest: Manifest): NewDeploy {
  return {
    projectId,
    status: 'ready',
    reason: null,
    message: null,
    fileCount: manifest.size,
    totalBytes: 1,
    createdAt: new Date(),
    manifest,
  };
}

const manifestOf = (hash: string): Manifest => new Map([['index.html', { hash, size: 1, type: 'text/html; charset=utf-8' }]]);

describe('live deploy on SQLite, two connections to one file (two instances)', () => {
  test('a switch shows at once where it was made, and within LIVE_RECHECK_MS on the other', async () => {
    const db = tempDatabase();
    const a = await openRepositories(db.url);
    const b = await openRepositories(db.url);
    try {
      const project = await a.projects.create('shop', 'pro', { perMinute: 100, perDay: 1000 }, new Date());
      const deploysA = openDeployRepository(a.storage.database);
      const deploysB = openDeployRepository(b.storage.database);
      const blob = (c: string) => ({ hash: c.repeat(64), bytes: Buffer.from(c), gzip: null, br: null });
      await deploysA.putBlobs([blob('a'), blob('b')]);
      const hashOf = async (repo: typeof deploysA) => (await repo.liveSite(project.id))?.manifest.get('index.html')?.hash ?? null;

      assert.equal(await hashOf(deploysB), null);
      const first = await deploysA.createDeploy(ready(project.id, manifestOf('a'.repeat(64))));
      assert.equal(await hashOf(deploysA), 'a'.repeat(64));
      await sleep(LIVE_RECHECK_MS + 20);
      assert.equal(await hashOf(deploysB), 'a'.repeat(64));

      await deploysA.createDeploy(ready(project.id, manifestOf('b'.repeat(64))));
      assert.equal(await hashOf(deploysA), 'b'.repeat(64), 'at once on the instance that deployed');
      await sleep(LIVE_RECHECK_MS + 20);
      assert.equal(await hashOf(deploysB), 'b'.repeat(64), 'within the recheck interval on the other');

      assert.equal(await deploysB.promote(project.id, first.id), 'promoted');
      assert.equal(await hashOf(deploysB), 'a'.repeat(64), 'a rollback, at once where it was made');
      await sleep(LIVE_RECHECK_MS + 20);
      assert.equal(await hashOf(deploysA), 'a'.repeat(64));
    } finally {
      await a.close();
      await b.close();
      db.cleanup();
    }
  });
});
