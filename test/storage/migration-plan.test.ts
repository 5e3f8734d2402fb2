import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { plan, type FeatureMigrations } from '../../src/storage/migrations.js';

const m = (version: number, name: string, sql = `-- ${name}`) => ({ version, name, sql });

describe('plan()', () => {
  const features: FeatureMigrations[] = [
    { feature: 'projects', sqlite: [m(2, 'plans', 'S2'), m(1, 'init', 'S1')], postgres: [m(1, 'init', 'P1'), m(2, 'plans', 'P2')] },
    { feature: 'keys', sqlite: [m(1, 'init', 'S1k')], postgres: [m(1, 'init', 'P1k')] },
  ];

  test('lists capabilities in the given order, each by version, naming its capability', () => {
    assert.deepEqual(
      plan(features, 'sqlite').map((x) => [x.feature, x.version, x.name, x.sql]),
      [
        ['projects', 1, 'init', 'S1'],
        ['projects', 2, 'plans', 'S2'],
        ['keys', 1, 'init', 'S1k'],
      ],
    );
    assert.deepEqual(
      plan([...features].reverse(), 'postgres').map((x) => `${x.feature}:${String(x.version)}:${x.sql}`),
      ['keys:1:P1k', 'projects:1:P1', 'projects:2:P2'],
    );
  });

  test('leaves the capabilities’ lists as they were', () => {
    plan(features, 'sqlite');
    assert.deepEqual(
      features[0]?.sqlite.map((x) => x.version),
      [2, 1],
    );
  });

  test('no capabilities, no migrations', () => {
    assert.deepEqual(plan([], 'postgres'), []);
  });
});
