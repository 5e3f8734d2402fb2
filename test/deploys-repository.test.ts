import { describe } from 'node:test';
import { MemoryDeployRepository } from '../src/deploys/memory.js';
import { deployRepositoryContract } from './helpers/deploy-repository-contract.js';

describe('deploy repository: in memory', () => {
  deployRepositoryContract(async () => ({ repo: new MemoryDeployRepository(), projects: [1, 2], close: async () => {} }));
});
