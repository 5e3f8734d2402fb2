import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config.js';
import type { DomainRepository } from '../../src/domains/repository.js';
import { StorageUnavailableError } from '../../src/storage/unavailable.js';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';

describeEachEngine(
  'a start that fails part way',
  () => {
    test('closes what the capabilities had opened (the pool, the domains listener), so nothing keeps the process alive', async () => {
      const fresh = await freshDatabase('postgres');
      const observer = new pg.Client({ connectionString: fresh.url });
      await observer.connect();
      const connections = async () =>
        Number(
          (
            await observer.query<{ n: string }>(
              'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
            )
          ).rows[0]?.n,
        );
      try {
        // The custom domains' first read fails, as it does when the database is too slow to answer at start.
        const failing = (repository: DomainRepository): DomainRepository => ({
          ...repository,
          allRedirects: () => Promise.reject(new StorageUnavailableError(new Error('connection timeout'))),
        });
        const config = defaultConfig({ databaseUrl: fresh.url });
        await assert.rejects(buildApp({ config, wrapRepositories: { domains: failing as never } }), StorageUnavailableError);
        let open = await connections();
        for (let i = 0; i < 50 && open > 0; i++) {
          await sleep(100);
          open = await connections();
        }
        assert.equal(open, 0, 'the failed start left connections open');
      } finally {
        await observer.end();
        await fresh.drop();
      }
    });
  },
  { only: ['postgres'] },
);
