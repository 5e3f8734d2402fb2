import { existsSync } from 'node:fs';
import type { CliCommand, CliContext } from '../feature.js';
import type { Config } from '../config.js';
import { DECLARED, FEATURES, openAppStorage } from '../features.js';
import type { Storage } from '../storage/open.js';
import {
  asksHelp,
  commandHelp,
  findCommand,
  helpHint,
  isHelp,
  runCommandLine,
  terminalOutput,
  usageText,
  type CommandUsage,
} from './dispatch.js';
import { loginCommands } from './login.js';
import { MIGRATE_USAGE, migrate } from './migrate.js';
import { noteServedDatabase, refuseMovedDatabase } from './moved.js';
import { DEFAULT_DATABASE, requireDatabase } from './no-database.js';
import { notSignedIn, remoteSettings, WrongSide, type RemoteSettings } from './remote.js';

const COMMANDS: CliCommand[] = [...loginCommands, ...FEATURES.flatMap((f) => f.cli ?? [])];

/** Every command that runs over the management API (the ones @petstore/cli has). */
export const REMOTE_CAPABLE: readonly CliCommand[] = COMMANDS.filter((c) => c.remote);

const SERVE_USAGE = 'serve                                   run the server (configuration from the environment: see the README)';

const USAGE = usageText(
  [
    'Usage: petstore <command>',
    '',
    '  --version                               print the release (semver)',
    `  ${SERVE_USAGE}`,
    ...MIGRATE_USAGE.map((line) => `  ${line}`),
  ],
  COMMANDS,
);

/** Every command's usage for `petstore help COMMAND`, `serve` and `migrate` included. */
const HELP: readonly CommandUsage[] = [{ name: 'serve', usage: [SERVE_USAGE] }, { name: 'migrate', usage: MIGRATE_USAGE }, ...COMMANDS];

/**
 * Opens the database on first use (applying pending migrations) and closes it when the command ends. The
 * configuration schema and the database drivers load then too: a remote command never loads them.
 */
function cliContext(local: boolean): CliContext & { close(): Promise<void> } {
  let config: Promise<Config> | undefined;
  let storage: Promise<Storage> | undefined;
  let remote: RemoteSettings | null | undefined;
  const configNow = () => (config ??= import('../config.js').then(({ loadConfig }) => loadConfig()));
  const output = terminalOutput();
  return {
    ...output,
    remote: () => (local ? null : (remote ??= remoteSettings())),
    config: configNow,
    declared: () => Promise.resolve(DECLARED),
    database: async () => {
      const backedUp = (file: string) => output.err(`petstore: backup written to ${file} before migrating`);
      storage ??= configNow().then((config) => openAppStorage(config, { backedUp }));
      return (await storage).database;
    },
    close: async () => {
      if (storage) await (await storage).close();
    },
  };
}

/** The server signed in to, if any; a login file that cannot be used does not stop an operator command. */
function signedInTo(ctx: CliContext): RemoteSettings | null {
  try {
    return ctx.remote();
  } catch {
    return null;
  }
}

/** `keys unban`, `users create`: the second word when the usage names it (not the FILE of `backup FILE`). */
function commandName(words: string[], cli: CliCommand | null): string {
  const [first = '', second = ''] = words;
  return cli?.usage.some((line) => line.startsWith(`${first} ${second} `)) ? `${first} ${second}` : first;
}

/**
 * An operator command (one without `remote`, `serve`, `migrate`) signed in to a server, with
 * neither DATABASE_URL nor --local, would open a database of its own here: say where it runs instead.
 * A remote command with no server signed in to uses a database only when one is named (DATABASE_URL,
 * --local) or already here (./data/petstore.db); otherwise it would create one and answer from it.
 */
function checkSide(words: string[], cli: CliCommand | null, ctx: CliContext, local: boolean): void {
  if (local || cli?.session) return;
  const command = commandName(words, cli);
  const named = process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '';
  if (!cli?.remote) {
    const remote = named ? null : signedInTo(ctx);
    if (remote) {
      throw new WrongSide(
        `signed in to ${remote.url}: "${command}" runs on the server's database only: run it where the server runs, or pass --local (with DATABASE_URL set to the server's database)`,
      );
    }
    return;
  }
  if (!ctx.remote() && !named && !existsSync(DEFAULT_DATABASE)) {
    throw notSignedIn(' (or, where the server runs, set DATABASE_URL or pass --local)');
  }
}

async function run(command: string | undefined, rest: string[]): Promise<void> {
  if (command === undefined || isHelp(command)) {
    process.stdout.write(rest[0] === undefined ? USAGE : commandHelp(HELP, rest[0]));
    return;
  }
  if (asksHelp(rest)) {
    process.stdout.write(commandHelp(HELP, command));
    return;
  }
  const local = rest.includes('--local');
  const args = rest.filter((a) => a !== '--local');
  const ctx = cliContext(local);
  if (command === 'serve' || command === 'migrate') {
    checkSide([command], null, ctx, local);
    refuseMovedDatabase(command);
    if (command === 'migrate') return migrate(args, ctx);
    const config = await ctx.config();
    await (await import('../server.js')).serve(config);
    return noteServedDatabase(config.databaseUrl);
  }
  const cli = findCommand(COMMANDS, command, rest);
  checkSide([command, ...rest], cli, ctx, local);
  // On the database here (not a server): not one the data moved away from; it must exist, unless the command
  // makes one (restore).
  if (!cli.session && !(cli.remote && ctx.remote())) {
    refuseMovedDatabase(commandName([command, ...rest], cli));
    if (!cli.createsDatabase) await requireDatabase((await ctx.config()).databaseUrl, commandName([command, ...rest], cli));
  }
  try {
    await cli.run(args, ctx);
  } finally {
    await ctx.close();
  }
}

/** Entry point of bin/petstore. */
export const main = (argv: string[]): Promise<void> => runCommandLine(argv, (command) => helpHint(HELP, command), run);
