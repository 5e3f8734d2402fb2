import { systemClock } from '../clock.js';
import type { CliCommand, CliContext } from '../feature.js';
import type { Config } from '../config.js';
import { FEATURES, openAppStorage } from '../features.js';
import type { Storage } from '../storage/open.js';
import { UsageError } from './args.js';
import { exitFor } from './exit.js';
import { loginCommands } from './login.js';
import { remoteSettings, type RemoteSettings } from './remote.js';
import { terminalJson, terminalText } from './terminal.js';

const COMMANDS: CliCommand[] = [...loginCommands, ...FEATURES.flatMap((f) => f.cli ?? [])];

const USAGE = [
  'Usage: petstore <command>',
  '',
  '  serve                                   run the server (configuration from the environment: see the README)',
  '  migrate                                 apply pending database migrations',
  ...COMMANDS.flatMap((c) => c.usage.map((line) => `  ${line}`)),
  '',
].join('\n');

/**
 * Opens the database on first use (applying pending migrations) and closes it when the command ends. The
 * configuration schema and the database drivers load then too: a remote command never loads them.
 */
function cliContext(local: boolean): CliContext & { close(): Promise<void> } {
  let config: Promise<Config> | undefined;
  let storage: Promise<Storage> | undefined;
  let remote: RemoteSettings | null | undefined;
  const configNow = () => (config ??= import('../config.js').then(({ loadConfig }) => loadConfig()));
  return {
    remote: () => (local ? null : (remote ??= remoteSettings())),
    interactive: process.stderr.isTTY,
    config: configNow,
    database: async () => (await (storage ??= configNow().then(openAppStorage))).database,
    clock: systemClock,
    // What is printed may come from a server (names, URLs, error messages): no escape sequences get through.
    json: (value) => process.stdout.write(`${terminalJson(value)}\n`),
    out: (line) => process.stdout.write(`${terminalText(line)}\n`),
    err: (line) => process.stderr.write(`${terminalText(line)}\n`),
    close: async () => {
      if (storage) await (await storage).close();
    },
  };
}

/** Whether a remote is configured; a login file that cannot be used does not stop an operator command. */
function remoteConfigured(ctx: CliContext): boolean {
  try {
    return ctx.remote() !== null;
  } catch {
    return false;
  }
}

async function run(command: string | undefined, rest: string[]): Promise<void> {
  switch (command) {
    case 'serve': {
      const { serve } = await import('../server.js');
      return serve();
    }
    case 'migrate': {
      const { loadConfig } = await import('../config.js');
      const storage = await openAppStorage(loadConfig());
      try {
        process.stdout.write(`database schema is up to date: ${String((await storage.applied()).length)} migrations applied\n`);
      } finally {
        await storage.close();
      }
      return;
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return;
  }
  const named = COMMANDS.filter((c) => c.name === command);
  const cli = named.find((c) => c.subcommands?.includes(rest[0] ?? '')) ?? named.find((c) => !c.subcommands);
  if (!cli) throw new UsageError(`unknown command "${command}"`);
  const local = rest.includes('--local');
  const ctx = cliContext(local);
  if (!cli.remote && !local && !process.env.DATABASE_URL && remoteConfigured(ctx)) {
    // Operator commands need the database; with only a remote configured, say how to reach it.
    throw new UsageError(
      `"${command}" runs on the server's database only: run it where the server runs, or pass --local (with DATABASE_URL set to the server's database)`,
    );
  }
  try {
    await cli.run(
      rest.filter((a) => a !== '--local'),
      ctx,
    );
  } finally {
    await ctx.close();
  }
}

/** Entry point of bin/petstore. */
export async function main(argv: string[]): Promise<void> {
  // A reader that stops early (`petstore keys list | head`) closes the pipe: stop quietly, as Unix tools do.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  const [command, ...rest] = argv;
  try {
    await run(command, rest);
  } catch (err) {
    const answer = exitFor(err, USAGE, rest.includes('--json'));
    if (answer.stdout) process.stdout.write(terminalText(answer.stdout));
    if (answer.stderr) process.stderr.write(terminalText(answer.stderr));
    process.exitCode = answer.status;
  }
}
