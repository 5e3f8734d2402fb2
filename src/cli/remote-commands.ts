import { invitationsCommand, memberRolesCommand, protectCommand } from '../accounts/roles-cli.js';
import { auditCommand } from '../audit/cli.js';
import { deployCommands } from '../deploys/cli.js';
import { domainsCommand, redirectsCommand } from '../domains/cli/commands.js';
import { eventsCommand, webhooksCommand } from '../events/cli.js';
import type { CliCommand } from '../feature.js';
import { keysCommand } from '../keys/cli.js';
import { projectsCommand } from '../projects/cli.js';
import { requestsCommand } from '../requests/cli.js';
import { stagingCommand } from '../staging/cli.js';
import { usageCommand } from '../usage/cli.js';
import { deprecationsCommand } from '../usage/deprecations-cli.js';
import { loginCommands } from './login.js';

/**
 * The commands that run over the management API: those of the capabilities that are `remote`, imported
 * here without the capabilities themselves, so that @petstore/cli bundles them and nothing of the server.
 * A capability's remote command is listed here too (test/cli/remote-commands.test.ts compares the lists).
 */
export const REMOTE_COMMANDS: readonly CliCommand[] = [
  ...loginCommands,
  projectsCommand,
  protectCommand,
  memberRolesCommand,
  invitationsCommand,
  keysCommand,
  ...deployCommands,
  domainsCommand,
  redirectsCommand,
  usageCommand,
  deprecationsCommand,
  requestsCommand,
  auditCommand,
  webhooksCommand,
  eventsCommand,
  stagingCommand,
];

/**
 * The commands of bin/petstore that run where the server runs, on its database (`users`, `projects set-plan`, …),
 * by name: @petstore/cli does not carry them, but it says so rather than that it knows no such command.
 * test/cli/remote-commands.test.ts keeps the list equal to bin/petstore's.
 */
export const OPERATOR_COMMANDS: readonly string[] = [
  'serve',
  'migrate',
  'backup',
  'restore',
  'users',
  'projects set-plan',
  'projects add-member',
  'projects remove-member',
  'keys unban',
];
