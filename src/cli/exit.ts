import { ConfigError } from '../config-error.js';
import { ServeError } from '../serve-error.js';
import { DomainError } from '../errors/domain-error.js';
import { BackupBeforeMigratingError, NoDatabaseError, StorageOpenError } from '../storage/open-error.js';
import { SchemaTooNewError } from '../storage/migrations.js';
import { UsageError } from './args.js';
import { RemoteSetupError, UnexpectedAnswer, WrongSide } from './remote.js';

/** A service (or an operator command: backup, restore) refused the command; thrown so the command can stop where it is. */
export class Refused extends Error {
  constructor(readonly error: Pick<DomainError, 'message'> & { code: string }) {
    super(error.message);
  }
}

/** The value of a service call, or stops the command with its refusal. */
export function orRefuse<T>(result: T | DomainError): T {
  if (result instanceof DomainError) throw new Refused(result);
  return result;
}

export interface ExitAnswer {
  status: number;
  stderr?: string;
  stdout?: string;
}

/**
 * The one mapping from a failed command to its exit status and output:
 * 2 for a usage error (one line, then where the command's usage is: `help`, e.g. `petstore help keys`) or a command run on the wrong side (no server, no database), 1 for a refusal (its code in the output: on stdout as
 * JSON with --json, else on stderr) or a setup problem (configuration,
 * database). Anything else is a bug and is rethrown.
 */
export function exitFor(err: unknown, help: string, json: boolean): ExitAnswer {
  if (err instanceof UsageError) return { status: 2, stderr: `petstore: ${err.message}\nsee \`${help}\`\n` };
  if (err instanceof WrongSide) return { status: 2, stderr: `petstore: ${err.message}\n` };
  if (err instanceof Refused) {
    const { code, message } = err.error;
    return json
      ? { status: 1, stdout: `${JSON.stringify({ error: { code, message } }, null, 2)}\n` }
      : { status: 1, stderr: `petstore: ${message} (${code})\n` };
  }
  if (
    err instanceof ConfigError ||
    err instanceof StorageOpenError ||
    err instanceof RemoteSetupError ||
    err instanceof ServeError ||
    err instanceof SchemaTooNewError ||
    err instanceof BackupBeforeMigratingError ||
    err instanceof NoDatabaseError ||
    err instanceof UnexpectedAnswer
  )
    return { status: 1, stderr: `petstore: ${err.message}\n` };
  throw err;
}
