import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { missingHistory, releases } from '../helpers/previous-release.js';

const git = promisify(execFile);
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

test('CHANGELOG.md lists each release with the commit it is built from, dated as that commit', async (t) => {
  const listed = releases();
  assert.ok(
    listed.some((r) => r.version === '1.0.0'),
    'release 1.0.0 is listed',
  );
  assert.match(
    readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8'),
    new RegExp(`^## \\[${VERSION.replaceAll('.', '\\.')}\\] - `, 'm'),
  );
  for (const release of listed) {
    assert.ok(release.commit, `${release.version} names its commit`);
    const missing = await missingHistory(release.commit);
    if (missing !== null && process.env.CI !== 'true') {
      t.skip(missing);
      continue;
    }
    const { stdout: date } = await git('git', ['log', '-1', '--format=%cd', '--date=format-local:%Y-%m-%d', release.commit], {
      env: { ...process.env, TZ: 'UTC' },
    });
    assert.equal(date.trim(), release.date, `${release.version}'s date is its commit's (UTC)`);
    const { stdout: manifest } = await git('git', ['show', `${release.commit}:package.json`]);
    assert.equal((JSON.parse(manifest) as { version: string }).version, release.version, `${release.commit} is release ${release.version}`);
  }
});
