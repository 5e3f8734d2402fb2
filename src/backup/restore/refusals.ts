// Why a restore is refused, in the words and codes the CLI prints: nothing was written.

export type RestoreRefusalCode = 'database_not_empty' | 'backup_corrupt' | 'backup_too_new' | 'backup_too_old' | 'backup_invalid';

/** A restore that did not start: nothing was written. */
export class RestoreRefused extends Error {
  constructor(
    readonly code: RestoreRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A file whose checksums hold but whose rows are not a database this release can run on (made by hand, or
 * edited with the checksums recomputed: they are not a signature). Named by table; nothing was written.
 */
export const invalid = (table: string, breach: string) =>
  new RestoreRefused(
    'backup_invalid',
    `The backup does not hold a valid database: table ${table}: ${breach}. Nothing was written; restore from another copy.`,
  );

/** A file that is not a whole, undamaged backup. */
export const corrupt = (detail: string) =>
  new RestoreRefused('backup_corrupt', `The backup is damaged or incomplete: ${detail}. Nothing was written; restore from another copy.`);
