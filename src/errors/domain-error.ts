/**
 * Codes a service can fail with. Each is also a code of the API's error
 * catalogue (http/errors/errors.ts maps it to a status, checked by the compiler) and
 * of the CLI (cli/exit.ts maps it to an exit status): one code, one meaning,
 * whoever asked.
 */
export type DomainCode =
  | 'not_found'
  | 'validation_failed'
  | 'project_exists'
  | 'idempotency_key_reused'
  | 'idempotency_key_in_use'
  | 'plan_required'
  | 'deploy_required'
  | 'domain_taken'
  | 'invalid_domain'
  | 'domain_limit'
  | 'invalid_redirect'
  | 'user_exists'
  | 'invalid_credentials'
  | 'deploy_failed'
  | 'pet_not_found'
  | 'pet_not_available'
  | 'invalid_transition'
  | 'weak_password'
  | 'storage_quota_exceeded'
  | 'invalid_slug'
  | 'signup_closed'
  | 'project_limit'
  | 'forbidden'
  | 'insufficient_role'
  | 'invitation_mismatch'
  | 'last_owner'
  | 'invitation_expired'
  | 'invitation_used'
  | 'invitation_limit'
  | 'token_limit'
  | 'webhook_limit'
  | 'staging_not_empty'
  | 'key_already_rolled'
  | 'second_factor_required'
  | 'invalid_code'
  | 'second_factor_setup_required'
  | 'last_second_factor'
  | 'totp_already_enabled'
  | 'invalid_passkey'
  | 'sso_failed'
  | 'email_not_verified';

export interface DomainDetail {
  in: 'body' | 'query' | 'path' | 'header';
  field: string;
  message: string;
}

/**
 * An expected failure of a service call, returned (never thrown) as one side
 * of a result union: `Promise<Project | DomainError>`. Messages speak of the
 * thing, not of how it was asked for (no CLI flags, no HTTP).
 */
export class DomainError {
  constructor(
    readonly code: DomainCode,
    readonly message: string,
    readonly details?: DomainDetail[],
  ) {}
}

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;

/** A result's value, or its DomainError thrown (routes: the error handler answers it with its status). */
export function orThrow<T>(result: T | DomainError): T {
  if (result instanceof DomainError) throw result;
  return result;
}
