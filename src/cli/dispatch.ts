import { systemClock } from '../clock.js';
import { VERSION } from '../version.js';
import type { CliCommand, CliContext } from '../feature.js';
import { UsageError } from './args.js';
import { exitFor } from './exit.js';
import { unexpectedAnswer } from './streaming-fetch.js';
import { terminalJson, terminalText } from './terminal.js';

/** `petstore help`: the header, then each command's usage lines. */
export function usageText(header: string[], commands: readonly Pick<CliCommand, 'usage'>[]): string {
  return [...header, ...commands.flatMap((c) => c.usage.map((line) => `  ${line}`)), ''].join('\n');
}

/**
 * The command that answers `command rest[0]`: the one whose subcommands name the second word, else the one
 * without subcommands. When every command of that name lists its subcommands and none is the second word,
 * the usage error names them (`expected keys create, list, revoke or roll`).
 */
export function findCommand(commands: readonly CliCommand[], command: string, rest: string[]): CliCommand {
  const named = commands.filter((c) => c.name === command);
  if (named.length === 0) throw new UsageError(`unknown command "${command}"`);
  const sub = rest[0];
  const cli = named.find((c) => c.subcommands?.includes(sub ?? '')) ?? named.find((c) => !c.subcommands);
  if (cli) return cli;
  const known = named.flatMap((c) => c.subcommands ?? []);
  const expected = `expected ${command} ${[known.slice(0, -1).join(', '), known.at(-1)].filter(Boolean).join(' or ')}`;
  throw new UsageError(sub === undefined || sub.startsWith('-') ? expected : `unknown ${command} command "${sub}": ${expected}`);
}

/** A command's output and clock. What is printed may come from a server (names, URLs, error messages): no escape sequences get through. */
export function terminalOutput(): Pick<CliContext, 'clock' | 'interactive' | 'json' | 'out' | 'err' | 'status'> {
  return {
    clock: systemClock,
    interactive: process.stderr.isTTY,
    status: (line) => process.stderr.write(`\r\x1b[K${terminalText(line)}`),
    json: (value) => process.stdout.write(`${terminalJson(value)}\n`),
    out: (line) => process.stdout.write(`${terminalText(line)}\n`),
    err: (line) => process.stderr.write(`${terminalText(line)}\n`),
  };
}

/** A command's name and usage lines, for `petstore help COMMAND`. */
export type CommandUsage = Pick<CliCommand, 'name' | 'usage'>;

/** `petstore help COMMAND`: only that command's usage lines (`help keys`: every `keys …` line); a usage error when it names none. */
export function commandHelp(commands: readonly CommandUsage[], command: string): string {
  const named = commands.filter((c) => c.name === command);
  if (named.length === 0) throw new UsageError(`unknown command "${command}"`);
  return usageText(['Usage:'], named);
}

/** Where a usage error sends the reader: the command's own usage when the line names a command, else the whole list. */
export const helpHint = (commands: readonly CommandUsage[], command: string | undefined): string =>
  commands.some((c) => c.name === command) ? `petstore help ${command ?? ''}` : 'petstore help';

/** `--help` or `-h` among a command's words. */
export const asksHelp = (rest: readonly string[]): boolean => rest.some((a) => a === '--help' || a === '-h');

/** Runs one command line: the exit status and output of a failure from exitFor, a closed pipe a quiet stop. */
export async function runCommandLine(
  argv: string[],
  help: (command: string | undefined) => string,
  run: (command: string | undefined, rest: string[]) => Promise<void>,
) {
  // A reader that stops early (`petstore keys list | head`) closes the pipe: stop quietly, as Unix tools do.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  const [command, ...rest] = argv;
  if (command === '--version') {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  try {
    await run(command, rest);
  } catch (err) {
    const answer = exitFor(unexpectedAnswer(err) ?? err, help(command), rest.includes('--json'));
    if (answer.stdout) process.stdout.write(terminalText(answer.stdout));
    if (answer.stderr) process.stderr.write(terminalText(answer.stderr));
    process.exitCode = answer.status;
  }
}

export const isHelp = (command: string | undefined) => command === undefined || ['help', '--help', '-h'].includes(command);
