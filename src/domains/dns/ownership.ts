import { randomBytes } from 'node:crypto';
import type { DomainName, DnsRecord } from './names.js';
import { createResolver, deadline, describeDnsError, orNone, type ResolverOptions } from './resolver.js';

/** The label under which a project proves it controls a name, as Vercel's `_vercel` and Netlify's `netlify-challenge`. */
export const CHALLENGE_LABEL = '_petstore-challenge';

/** How long a removed name stays out of other projects' reach without TXT proof. */
export const HOLD_DAYS = 7;

/** A new claim's secret: what the TXT record must hold (shown only to the claiming project). */
export function newClaimToken(): string {
  return `petstore-verify=${randomBytes(16).toString('hex')}`;
}

export function challengeName(domain: string): string {
  return `${CHALLENGE_LABEL}.${domain}`;
}

/** The TXT record to create, named like the other records: relative to the registrable domain. */
export function challengeRecord(domain: DomainName, token: string): DnsRecord {
  return {
    type: 'TXT',
    name: domain.host === '@' ? CHALLENGE_LABEL : `${CHALLENGE_LABEL}.${domain.host}`,
    value: token,
    ttl: 3600,
    note: `Proves that you control ${domain.name}: it must be in place before ${domain.name} can be served here. It can be removed once the domain is verified.`,
  };
}

export interface OwnershipResult {
  status: 'proven' | 'missing' | 'error';
  /** The TXT values found at `_petstore-challenge.<name>`. */
  found: string[];
  message: string;
}

/** Looks for the token in the TXT records at `_petstore-challenge.<name>`; never throws. */
export async function checkOwnership(
  domain: DomainName,
  token: string,
  options: ResolverOptions & { deadlineMs?: number } = {},
): Promise<OwnershipResult> {
  const resolver = createResolver(options);
  const name = challengeName(domain.name);
  let found: string[];
  try {
    found = await deadline(resolver, options.deadlineMs ?? 5000, async () =>
      (await orNone(resolver.resolveTxt(name))).map((chunks) => chunks.join('')),
    );
  } catch (error) {
    return {
      status: 'error',
      found: [],
      message: `Could not read the TXT record ${name}: ${describeDnsError(error)}. Try Verify again in a moment.`,
    };
  }
  if (found.includes(token)) return { status: 'proven', found, message: `The TXT record ${name} proves that you control ${domain.name}.` };
  const seen =
    found.length === 0 ? 'there is no TXT record there yet' : `the TXT values there (${found.join(', ')}) are not this project's`;
  return {
    status: 'missing',
    found,
    message:
      `${domain.name} needs proof of ownership before this project can serve it: create the TXT record ${name} with the value ` +
      `${token}, then verify; ${seen}. DNS changes can take up to 48 hours to propagate; most resolve within minutes.`,
  };
}
