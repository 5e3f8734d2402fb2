import type { CaaRecord } from 'node:dns';
import type { DomainName } from './names.js';
import { createResolver, deadline, describeDnsError, orNone, type Resolver, type ResolverOptions } from './resolver.js';

/** The CAA set that decided, as the name it was found at and its records in zone-file form. */
export interface RelevantSet {
  name: string;
  records: string[];
}

export type CaaResult =
  | { status: 'allowed'; relevant: RelevantSet | null; message: string }
  | { status: 'blocked'; reason: 'caa_blocked'; relevant: RelevantSet; message: string }
  | { status: 'error'; reason: 'dns_error'; message: string };

/** Property tags RFC 8659 and its registry define; an unknown tag with the critical flag forbids issuance. */
const KNOWN_TAGS = new Set(['issue', 'issuewild', 'iodef', 'issuemail', 'issuevmc', 'contactemail', 'contactphone']);
const CRITICAL = 128;
const MAX_ALIASES = 8;

interface Property {
  critical: boolean;
  tag: string;
  value: string;
}

function properties(records: CaaRecord[]): Property[] {
  return records.map((r) => {
    // A record is `{critical, <tag>: value}`; Node 24 and later also add `type: 'CAA'`, which is no property.
    const [tag, value] = Object.entries(r).find(([k]) => k !== 'critical' && k !== 'type') ?? ['', ''];
    return { critical: (Number(r.critical) & CRITICAL) !== 0, tag: tag.toLowerCase(), value: String(value) };
  });
}

function zoneLine(name: string, p: Property): string {
  return `${name}. CAA ${p.critical ? CRITICAL : 0} ${p.tag} "${p.value}"`;
}

/** The issuer domain name of an `issue` value (`letsencrypt.org; accounturi=…` → `letsencrypt.org`); '' forbids all. */
function issuerOf(value: string): string {
  return (value.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * CAA(X) "chasing aliases" (RFC 1034 4.3.2), one alias at a time so the
 * records are reported at the name that holds them: a resolver that chases a
 * CNAME for a CAA query returns the target's records without their owner.
 */
async function caaAt(resolver: Resolver, name: string): Promise<{ at: string; records: CaaRecord[] }> {
  let at = name;
  for (let i = 0; i < MAX_ALIASES; i++) {
    const [alias] = await orNone(resolver.resolveCname(at));
    if (alias === undefined) break;
    at = alias.replace(/\.$/, '').toLowerCase();
  }
  return { at, records: await orNone(resolver.resolveCaa(at)) };
}

/**
 * Decides whether CAA lets any of `identities` (the CA's issuer domain names)
 * issue for `domain`, by RFC 8659: the relevant record set is the first
 * non-empty CAA(X) climbing from the name to its registrable domain (our
 * stopping point: above it are public suffixes); with no `issue` property in
 * it any CA may issue; otherwise one `issue` value must name the CA.
 */
export async function checkCaa(
  domain: DomainName,
  identities: string[],
  options: ResolverOptions & { deadlineMs?: number } = {},
): Promise<CaaResult> {
  const resolver = createResolver(options);
  const labels = domain.name.split('.');
  const stop = domain.registrableDomain.split('.').length;
  let found: { at: string; records: CaaRecord[] } | null;
  try {
    found = await deadline(resolver, options.deadlineMs ?? 5000, async () => {
      for (let i = 0; labels.length - i >= stop; i++) {
        const r = await caaAt(resolver, labels.slice(i).join('.'));
        if (r.records.length > 0) return r;
      }
      return null;
    });
  } catch (error) {
    return {
      status: 'error',
      reason: 'dns_error',
      message: `Could not read the CAA records of ${domain.name}: ${describeDnsError(error)}.`,
    };
  }
  if (found === null) return { status: 'allowed', relevant: null, message: `No CAA records apply to ${domain.name}.` };
  const { at, records } = found;
  const props = properties(records);
  const relevant = { name: at, records: props.map((p) => zoneLine(at, p)) };
  const wanted = identities.map((i) => i.trim().toLowerCase()).filter((i) => i !== '');

  const unknownCritical = props.find((p) => p.critical && !KNOWN_TAGS.has(p.tag));
  if (unknownCritical !== undefined) {
    return {
      status: 'blocked',
      reason: 'caa_blocked',
      relevant,
      message: `The CAA record ${zoneLine(at, unknownCritical)} has the critical flag on a property no CA understands, so no CA may issue.`,
    };
  }
  const issue = props.filter((p) => p.tag === 'issue');
  if (issue.length === 0) {
    return { status: 'allowed', relevant, message: `The CAA records at ${at} do not restrict issuance.` };
  }
  if (wanted.length === 0) {
    return {
      status: 'allowed',
      relevant,
      message: `The certificate authority publishes no CAA identities (set ACME_CAA_IDENTITIES), so the CAA records at ${at} were not checked.`,
    };
  }
  const allowing = issue.find((p) => wanted.includes(issuerOf(p.value)));
  if (allowing !== undefined) {
    return { status: 'allowed', relevant, message: `The CAA record ${zoneLine(at, allowing)} allows the certificate authority.` };
  }
  return {
    status: 'blocked',
    reason: 'caa_blocked',
    relevant,
    message:
      `CAA forbids our certificate authority (${wanted.join(', ')}) from issuing for ${domain.name}: ` +
      `${relevant.records.filter((_, i) => props[i]?.tag === 'issue').join('; ')}. ` +
      `Add a CAA record ${at}. CAA 0 issue "${wanted[0] ?? ''}" or remove the restriction.`,
  };
}
