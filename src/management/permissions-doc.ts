import { ROLES, type Role } from '../accounts/roles.js';
import { PERMISSIONS, roleNeeded, type Permission } from './permissions.js';

const mark = (permission: Permission, role: Role, productionProtected: boolean): string => {
  const needed = roleNeeded(permission, { environment: 'production', productionProtected });
  return needed === null || ROLES.indexOf(role) <= ROLES.indexOf(needed) ? 'yes' : '—';
};

/** What a role may do in one cell: yes, no (—), or yes but not in protected production. */
const cell = (permission: Permission, role: Role): string => {
  const open = mark(permission, role, false);
  const guarded = mark(permission, role, true);
  return open === guarded ? open : 'yes, not in protected production';
};

/** docs/permissions.md: the permission table (src/management/permissions.ts), roles × operations. */
export function permissionsMarkdown(): string {
  const rows = Object.entries(PERMISSIONS) as [string, Permission][];
  const project = rows.filter(([, p]) => p.rule.who !== 'anyone' && p.rule.who !== 'person');
  const personal = rows.filter(([, p]) => p.rule.who === 'anyone' || p.rule.who === 'person');
  const cli = (p: Permission) => (p.cli ? p.cli.map((c) => `\`petstore ${c}\``).join(', ') : '');
  return [
    '# Permissions',
    '',
    'Generated from the permission table (`src/management/permissions.ts`) by `npm run permissions:write`; a test fails when',
    'they differ. Every management route has an entry, and the server does not start with a route that has none.',
    '',
    'A project has four roles, from most to least: `owner`, `admin`, `developer`, `viewer`. Instance admins act as',
    'owners of every project; memberships made before roles (`member`) are developers. A refusal is 403',
    '`insufficient_role`, naming the role needed and the caller’s. An access token acts with the lesser of its scope',
    '(a read token: `viewer` at most) and its person’s role now. A project another person cannot see is 404 for them,',
    'whatever the operation.',
    '',
    '**Protected production** (`PATCH /api/v1/projects/{slug}` `{"productionProtected": true}`, `petstore projects',
    'protect SLUG`): changes to production’s keys, domains, redirects, webhooks and live deploy need `admin`; a developer',
    'keeps all of staging, and their deploys are previews (`live: false`) that an admin promotes. Also decided outside the',
    'table: only an owner makes, changes or removes an owner, or invites one, and the last owner stays (409 `last_owner`).',
    '',
    '## Project operations',
    '',
    `| Operation | What | ${ROLES.join(' | ')} | CLI |`,
    `| --- | --- | ${ROLES.map(() => '---').join(' | ')} | --- |`,
    ...project.map(([op, p]) => `| \`${op}\` | ${p.does} | ${ROLES.map((r) => cell(p, r)).join(' | ')} | ${cli(p)} |`),
    '',
    '## A person’s own operations',
    '',
    'These need no role in a project: `anyone` needs no sign-in; `person` needs a signed-in person (or their token).',
    '',
    '| Operation | What | Who | CLI |',
    '| --- | --- | --- | --- |',
    ...personal.map(([op, p]) => `| \`${op}\` | ${p.does} | ${p.rule.who} | ${cli(p)} |`),
    '',
  ].join('\n');
}
