import type { CliContext } from '../feature.js';
import { UsageError } from './args.js';
import { asksHelp, commandHelp, findCommand, helpHint, isHelp, runCommandLine, terminalOutput, usageText } from './dispatch.js';
import { OPERATOR_COMMANDS, REMOTE_COMMANDS } from './remote-commands.js';
import { notSignedIn, remoteSettings, WrongSide, type RemoteSettings } from './remote.js';

const USAGE = usageText(
  [
    'Usage: petstore <command>',
    '',
    'Runs on the Petstore server you sign in to (the operator commands run where the server runs: bin/petstore).',
    '',
    "  --version                               print this CLI's release (semver)",
  ],
  REMOTE_COMMANDS,
);

const serverSide = () => Promise.reject(new WrongSide('this petstore runs remote commands only: run it on the server for its database'));

/** A remote command's context: the server signed in to; no configuration or database on this side. */
function remoteContext(): CliContext {
  let remote: RemoteSettings | null | undefined;
  return {
    ...terminalOutput(),
    remote: () => (remote ??= remoteSettings()),
    config: serverSide,
    database: serverSide,
    declared: serverSide,
  };
}

async function run(command: string | undefined, rest: string[]): Promise<void> {
  if (command === undefined || isHelp(command)) {
    process.stdout.write(rest[0] === undefined ? USAGE : commandHelp(REMOTE_COMMANDS, rest[0]));
    return;
  }
  if (asksHelp(rest)) {
    process.stdout.write(commandHelp(REMOTE_COMMANDS, command));
    return;
  }
  const operator = [`${command} ${rest[0] ?? ''}`, command].find((words) => OPERATOR_COMMANDS.includes(words));
  if (operator !== undefined) {
    throw new WrongSide(
      `"${operator}" is an operator command: it runs where the server runs, on its database, with the repository's bin/petstore (petstore help ${command} there)`,
    );
  }
  const cli = findCommand(REMOTE_COMMANDS, command, rest);
  if (rest.includes('--local')) throw new UsageError('--local runs on the server: use bin/petstore where the server runs');
  const ctx = remoteContext();
  // Every command but login and logout runs on the server: never on a database here.
  if (!cli.session && !ctx.remote()) throw notSignedIn();
  await cli.run(rest, ctx);
}

/** Entry point of @petstore/cli's `petstore`. */
export const main = (argv: string[]): Promise<void> => runCommandLine(argv, (command) => helpHint(REMOTE_COMMANDS, command), run);
