import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  test('defaults: port 8080 on 127.0.0.1, SQLite file under ./data, info logs', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.databaseUrl, 'sqlite:./data/petstore.db');
    assert.equal(c.logLevel, 'info');
    assert.equal(c.baseUrl, 'http://127.0.0.1:8080/v1');
    assert.equal(c.redisUrl, undefined);
    assert.equal(c.usageRecording, true);
    assert.equal(c.heldAnswers, true);
  });

  test('values are parsed, not cast', () => {
    const c = loadConfig({
      PORT: '9090',
      HOST: '::1',
      DATABASE_URL: 'postgres://u@h/db',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      BASE_URL: 'https://api.example.com/v1',
    });
    assert.equal(c.port, 9090);
    assert.equal(c.trustProxy, true);
    assert.equal(loadConfig({ USAGE_RECORDING: 'false' }).usageRecording, false);
    assert.equal(loadConfig({ HELD_ANSWERS: 'false' }).heldAnswers, false);
    assert.equal(c.baseUrl, 'https://api.example.com/v1');
    assert.equal(loadConfig({ HOST: '::1' }).baseUrl, 'http://[::1]:8080/v1');
    // Listening on every address: the published address is one a client can call.
    assert.equal(loadConfig({ HOST: '0.0.0.0' }).baseUrl, 'http://localhost:8080/v1');
    assert.equal(loadConfig({ HOST: '::', PORT: '9000' }).baseUrl, 'http://localhost:9000/v1');
    assert.equal(loadConfig({ HOST: '::' }).stagingBaseUrl, 'http://localhost:8080/staging/v1');
  });

  test('bad values fail at start, naming every variable', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        TRUST_PROXY: 'maybe',
        KEY_CACHE_TTL_MS: '60000',
        USAGE_RECORDING: 'off',
      });
      assert.fail('should have thrown');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'TRUST_PROXY', 'KEY_CACHE_TTL_MS', 'USAGE_RECORDING']) {
        assert.ok(
          err.problems.some((p) => p.startsWith(`${name}:`)),
          `${name} not reported: ${err.message}`,
        );
      }
    }
    assert.throws(() => loadConfig({ PORT: '70000' }), /PORT/);
    assert.throws(() => loadConfig({ PORT: '-1' }), /PORT/);
  });

  test('SIGNUP is closed, invite or open (closed by default); MAX_PROJECTS_PER_USER is 10 by default', () => {
    assert.equal(loadConfig({}).signup, 'closed');
    assert.equal(loadConfig({}).maxProjectsPerUser, 10);
    assert.equal(loadConfig({ SIGNUP: 'Open' }).signup, 'open');
    assert.equal(loadConfig({ SIGNUP: 'invite', MAX_PROJECTS_PER_USER: '3' }).maxProjectsPerUser, 3);
    assert.throws(
      () => loadConfig({ SIGNUP: 'yes', LOG_LEVEL: 'loud' }),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.message.includes('SIGNUP: expected one of closed, invite, open (got "yes")') &&
        err.message.includes('LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent (got "loud")'),
    );
    for (const env of [{ SIGNUP: 'yes' }, { MAX_PROJECTS_PER_USER: 'many' }, { MAX_PROJECTS_PER_USER: '-1' }]) {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && err.message.includes(Object.keys(env)[0] ?? ''),
      );
    }
  });

  test('PASSWORD_HASH_COST is log2 of scrypt N: 17 by default, 14 to 20 allowed', () => {
    assert.equal(loadConfig({}).passwordHashCost, 17);
    assert.equal(loadConfig({ PASSWORD_HASH_COST: '14' }).passwordHashCost, 14);
    assert.equal(loadConfig({ PASSWORD_HASH_COST: ' 20 ' }).passwordHashCost, 20);
    for (const value of ['13', '21', '16.5', 'high', '-1']) {
      assert.throws(
        () => loadConfig({ PASSWORD_HASH_COST: value }),
        (err: unknown) => err instanceof ConfigError && err.problems.some((p) => p.startsWith('PASSWORD_HASH_COST:')),
        value,
      );
    }
  });
});
