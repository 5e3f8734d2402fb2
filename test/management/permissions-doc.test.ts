import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { permissionsMarkdown } from '../../src/management/permissions-doc.js';
import { PERMISSIONS } from '../../src/management/permissions.js';
import { REMOTE_COMMANDS } from '../../src/cli/remote-commands.js';

test('docs/permissions.md is the permission table as it is (npm run permissions:write)', () => {
  const page = readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8');
  assert.equal(page, permissionsMarkdown(), 'docs/permissions.md differs from the table: run `npm run permissions:write`');
  for (const op of Object.keys(PERMISSIONS)) assert.ok(page.includes(`\`${op}\``), op);
});

test('every remote CLI command has an entry in the permission table', () => {
  const named = new Set(Object.values(PERMISSIONS).flatMap((p: { cli?: readonly string[] }) => p.cli ?? []));
  const commands = REMOTE_COMMANDS.flatMap((c) =>
    c.usage
      .map((line) => line.trim().split(/\s+/))
      .filter((words) => words[0] === c.name)
      // A second word is a subcommand when what follows it is an argument (SLUG, [--json], (ID…) or nothing, not prose.
      .map((words) =>
        words[1] && /^[a-z][a-z-]*$/.test(words[1]) && (words[2] === undefined || /^[A-Z[(-]/.test(words[2]))
          ? `${c.name} ${words[1]}`
          : c.name,
      ),
  );
  assert.ok(commands.length > 20);
  assert.deepEqual(
    [...new Set(commands)].filter((c) => !named.has(c)),
    [],
  );
});
