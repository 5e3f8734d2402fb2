import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REMOTE_CAPABLE } from '../../src/cli/main.js';
import { OPERATOR_COMMANDS, REMOTE_COMMANDS } from '../../src/cli/remote-commands.js';
import { FEATURES } from '../../src/features.js';

test('@petstore/cli has every remote command of bin/petstore, the same objects, and no other', () => {
  const name = (c: { name: string; subcommands?: string[] }) => [c.name, ...(c.subcommands ?? [])].join(' ');
  assert.deepEqual(new Set(REMOTE_COMMANDS.map(name)), new Set(REMOTE_CAPABLE.map(name)));
  assert.equal(REMOTE_COMMANDS.length, REMOTE_CAPABLE.length);
  for (const c of REMOTE_COMMANDS) assert.ok(REMOTE_CAPABLE.includes(c), `${name(c)}: one implementation, shared`);
});

test('@petstore/cli knows the name of every operator command of bin/petstore, to say where it runs', () => {
  const operator = FEATURES.flatMap((f) => f.cli ?? [])
    .filter((c) => !c.remote)
    .flatMap((c) => (c.subcommands ?? []).map((sub) => `${c.name} ${sub}`).concat(c.subcommands ? [] : [c.name]));
  const whole = (words: string) => words.split(' ')[0] ?? '';
  // A command all of whose subcommands are operator ones (`users`) is named whole.
  const expected = new Set(
    operator.map((words) => (REMOTE_CAPABLE.some((c) => c.name === whole(words)) ? words : whole(words))).concat(['serve', 'migrate']),
  );
  assert.deepEqual(new Set(OPERATOR_COMMANDS), expected);
});
