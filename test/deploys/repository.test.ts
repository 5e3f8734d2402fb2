import { describe } from 'node:test';
import { openDeployRepository } from '../../src/deploys/open-repository.js';
import { MemoryDeployRepository } from '../../src/deploys/storage/memory.js';
import { deployRepositoryContract } from '../helpers/deploy-repository-contract.js';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';
import { openRepositories } from '../helpers/repositories.js';

describe('deploy repository: in memory', () => {
  deployRepositoryContract(async () => ({ repo: new MemoryDeployRepository(), projects: [1, 2], close: async () => {} }));
});

describeEachEngine('deploy repository', (engine) => {
  deployRepositoryContract(async () => {
    const fresh = await freshDatabase(engine.name);
    const repos = await openRepositories(fresh.url);
    const now = new Date();
    const quota = { perMinute: 100, perDay: 1000 };
    const p = await repos.projects.create('shop', 'pro', quota, now);
    const q = await repos.projects.create('other', 'pro', quota, now);
    return {
      repo: openDeployRepository(repos.storage.database),
      projects: [p.id, q.id],
      close: async () => {
        await repos.close();
        await fresh.drop();
      },
    };
  });
});
