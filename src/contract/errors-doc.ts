import { ERROR_CATALOG, ERROR_CODES, type ErrorCode } from '../http/errors/errors.js';

/** The command that rewrites docs/errors.md; named in the page and in the test that checks it. */
export const ERRORS_DOC_COMMAND = 'npm run errors:write';

/**
 * When each code is answered, in more words than its message. A code without
 * an entry is listed with its message, so a new code needs only its catalogue
 * entry and `npm run errors:write`.
 */
const WHEN: Partial<Record<ErrorCode, string>> = {
  bad_request:
    'the request line or framing is malformed: a header line, `Content-Length` or chunk framing Node rejects, both `Content-Length` and `Transfer-Encoding`, a URL the router cannot decode (a bad `%` escape, a path segment over 200 characters), an HTTP/1.1 request without `Host`, with two `Host` headers, or with a `Host` that is not `host[:port]` (then the connection is closed); bytes after a request that are not a request (a body longer than its `Content-Length`) get their own 400 after that request is answered',
  malformed_json: 'the body is not valid JSON, is empty, or is not valid UTF-8',
  validation_failed: 'a field, query or path parameter or header is missing or invalid; see `details`',
  invalid_cursor:
    'a `cursor` this service did not issue for this listing: altered or made up, from another project, another listing or another `status` filter, or issued under an earlier `SECRETS_KEY`',
  unauthorized:
    'the API key is missing, malformed, unknown or revoked; with `WWW-Authenticate: Bearer realm="petstore"` (plus `error="invalid_token"` when a key was sent)',
  wrong_environment:
    "a production key (`psk_…`) sent to the staging base URL, or a staging key (`psk_test_…`) sent to production's; the message names the base URL the key belongs to. Told from the key's form alone (nothing is looked up), and counted against the client address like any 401",
  invalid_credentials:
    'sign-in (`POST /api/v1/session`) with an unknown email or a wrong password: the same answer, in the same time, for both',
  weak_password:
    'a new password is one of the 10,000 most common ones (the ranked list of `@zxcvbn-ts/language-common`, installed with the service), compared without case, or one character repeated',
  not_signed_in:
    'a management route (`/api/v1`) without a live session: no cookie, an unknown one, or one ended by sign-out, expiry or revocation',
  csrf_failed: 'a state-changing management request authenticated by the session cookie without its `X-CSRF-Token`, or with another',
  user_exists: 'a person with this email already exists (`petstore users create`)',
  not_found: "no such resource (or route) in the caller's project; another project's pet is a 404 too",
  method_not_allowed:
    'the path exists but not with this method; see `Allow`. `CONNECT` is 405 with an empty `Allow` (this server tunnels nothing), then the connection is closed',
  expectation_failed: 'the request has an `Expect` header other than `100-continue` (HTTP/1.1)',
  request_timeout: 'the request was not completely received within `REQUEST_TIMEOUT_MS` (head and body); the connection is closed',
  idempotency_key_in_use: 'a request with this `Idempotency-Key` is still being processed (on any instance)',
  staging_not_empty:
    "`POST /api/v1/projects/{slug}/staging/copy-pets` (`petstore staging copy-pets`) while the project's staging environment has pets or orders: copying only ever fills an empty staging, so ids are kept; reset staging first",
  project_exists: 'a project with this slug already exists (the CLI, and the management API)',
  plan_required: 'a custom domain was added to a project below the Pro plan (`domains add`); upgrade the plan',
  deploy_required: 'a custom domain was added to a project with no ready deploy (`domains add`); deploy the site first',
  domain_taken:
    "the project already has this domain (or a claim on it); another project's domain is never refused: adding it asks for ownership proof",
  invalid_domain:
    'the domain name is not valid: a scheme, a path, a wildcard, an IP address, a public suffix, a bad label, or a name under `PLATFORM_HOST`',
  domain_limit: 'the project already has 50 custom domains; remove one first',
  invitation_limit: 'the project already has 20 invitations neither used nor expired; wait for one to be used or to expire',
  token_limit: 'the person already has 50 active access tokens (neither revoked nor expired); revoke one first',
  webhook_limit: "the project already has its plan's most webhook endpoints (Free 2, Pro 10, Business 25, Enterprise 50); remove one first",
  key_already_rolled:
    'a key is rolled a second time (`POST /api/v1/projects/{slug}/keys/{keyId}/roll`, `petstore keys roll`), while its overlap runs or after: a key is rolled once, and of several rolls of one key at once exactly one succeeds; the message names the key that replaced it. Roll that key instead',
  invalid_redirect: 'a redirect entry names a domain the project does not have, points at itself, or would make a loop',
  gone: 'the operation is past its sunset date (`getPet`, after authentication)',
  payload_too_large: 'the body is larger than 16 KiB',
  unsupported_media_type: 'the body is not `application/json`, or is compressed (`Content-Encoding`)',
  idempotency_key_reused: 'the `Idempotency-Key` was used within 24 hours with a different body',
  deploy_failed:
    'an uploaded deploy (`POST /api/v1/projects/{slug}/deploys`) has no `index.html` at its root, is too large, has too many files, an invalid path or is not a valid `.tar.gz`; the failed deploy is kept in the history with its reason',
  storage_quota_exceeded:
    "a deploy would take the project over its plan's storage (Free 100 MB, Pro 1 GB, Business 10 GB, Enterprise 100 GB: the distinct file contents its kept deploys name); refused before anything is stored, and not recorded",
  too_many_uploads:
    'the instance is already reading as many deploy uploads as it reads at once (2); retry after `Retry-After`; the connection is closed',
  misdirected_request:
    'an HTTPS request named a host that is not an active custom domain (for example one removed while the connection was open), or another host than the TLS connection was opened for (SNI); the connection is closed',
  rate_limited:
    "the plan's quota is used up, or sign-in is throttled: 10 failures for the email from this address, 100 from this address, or 100 for the email from every address (then only an address that has not failed may try) within 15 minutes; see `Retry-After`",
  api_key_banned: 'the key kept sending while limited and is banned for a while; see `Retry-After`',
  request_header_fields_too_large: "the request's header section is over Node's limit (16 KiB by default); the connection is closed",
  internal_error: 'an unexpected error; the message carries the request id, the cause goes to the log',
  service_unavailable:
    'the database (or another dependency) cannot serve right now, or the server is shutting down; retry (with `Retry-After` when given)',
};

/** Text from the catalogue, safe inside a Markdown table cell. */
const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;');

/** docs/errors.md: the error catalogue as a page. */
export function errorsMarkdown(): string {
  const rows = ERROR_CODES.map((code) => {
    const { status, message } = ERROR_CATALOG[code];
    return `| \`${code}\` | ${String(status)} | ${WHEN[code] ?? cell(message)} | ${cell(message)} |`;
  });
  return [
    '# Error codes',
    '',
    `<!-- Generated from ERROR_CATALOG in src/http/errors/errors.ts by \`${ERRORS_DOC_COMMAND}\`. Do not edit by hand. -->`,
    '',
    'Every error response is `application/json` with the `Error` body `{code, message, status}`. Validation errors',
    'add `details`, one entry per offending field (at most 10, the message then says how many more): `[{in, field, message}]`, where `in` is `body`, `query`, `path` or',
    '`header` and `field` is empty when the whole body is meant. Every response, errors included, carries `X-Request-Id`.',
    '',
    'The `code` is stable and is one of the closed set below (the contracts list it in the `Error` schema and, for each',
    'operation, the codes it can answer: `docs/openapi.json` the codes of `/v1`, `docs/management-openapi.json` all of',
    'them, those of people and sessions included). Programs should branch on `code`, not on',
    '`message`: the message is written for people and often says more than the default below (which field, which id,',
    'the request id of an `internal_error`).',
    '',
    'Unknown paths are 404 (under `/v1` only after the key is checked: 401 comes first), and a known path with another',
    'method is 405 with `Allow`. A request Node cannot parse as HTTP gets the Error body and `X-Request-Id`, then its',
    "connection is closed; the parser's code is logged at debug, never the bytes. A 500 never carries internal detail.",
    '',
    '| code | status | when | default message |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
