import { describeEachEngine, freshDatabase } from '../helpers/engines.js';
import { orderRepositoryContract } from '../helpers/order-repository-contract.js';
import { openRepositories } from '../helpers/repositories.js';

describeEachEngine('order repository', (engine) => {
  orderRepositoryContract(async () => {
    const fresh = await freshDatabase(engine.name);
    const repos = await openRepositories(fresh.url);
    const now = new Date();
    const quota = { perMinute: 100, perDay: 1000 };
    const p = await repos.projects.create('shop', 'pro', quota, now);
    const q = await repos.projects.create('other', 'pro', quota, now);
    return {
      repo: repos.orders,
      pets: repos.pets,
      projects: [p.id, q.id],
      close: async () => {
        await repos.close();
        await fresh.drop();
      },
    };
  });
});
