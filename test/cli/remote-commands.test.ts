import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REMOTE_CAPABLE } from '../../src/cli/main.js';
import { REMOTE_COMMANDS } from '../../src/cli/remote-commands.js';

test('@petstore/cli has every remote command of bin/petstore, the same objects, and no other', () => {
  const name = (c: { name: string; subcommands?: string[] }) => [c.name, ...(c.subcommands ?? [])].join(' ');
  assert.deepEqual(new Set(REMOTE_COMMANDS.map(name)), new Set(REMOTE_CAPABLE.map(name)));
  assert.equal(REMOTE_COMMANDS.length, REMOTE_CAPABLE.length);
  for (const c of REMOTE_COMMANDS) assert.ok(REMOTE_CAPABLE.includes(c), `${name(c)}: one implementation, shared`);
});
