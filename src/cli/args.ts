import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The command line itself is wrong: exit status 2, the message and where the command's usage is (`petstore help COMMAND`). */
export class UsageError extends Error {}

export function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O, positionals: number) {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    if (parsed.positionals.length !== positionals) {
      throw new UsageError(`expected ${String(positionals)} argument(s), got ${String(parsed.positionals.length)}`);
    }
    return parsed;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError((err as Error).message);
  }
}

export function positiveInt(name: string, raw: string | boolean | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) throw new UsageError(`--${name} must be a positive whole number`);
  return Number(raw);
}

/** `--env production|staging`: the environment a command is about. */
export const ENV_OPTION = { env: { type: 'string' } } as const;

/** The value of `--env` (production when absent). */
export function environmentArg(raw: string | boolean | undefined): 'production' | 'staging' {
  if (raw === undefined) return 'production';
  if (raw === 'production' || raw === 'staging') return raw;
  throw new UsageError('--env must be production or staging');
}
