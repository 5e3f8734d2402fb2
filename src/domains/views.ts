import { checkCaa, type CaaResult } from './dns/caa.js';
import { checkDns, type Found, type VerifyResult } from './dns/dns-check.js';
import { recordsFor, storedName, type DnsRecord, type DomainName, type PlatformTarget } from './dns/names.js';
import { challengeName, challengeRecord } from './dns/ownership.js';
import type { ClaimRecord, DomainRecord } from './repository.js';
import type { DomainSettings } from './deps.js';

/** The `www.` pair of a name just added (or its apex), offered with a redirect to the name added. */
export interface SuggestedPair {
  domain: string;
  redirect: RedirectView;
  message: string;
}

export interface AddedDomain {
  domain: string;
  project: string;
  status: 'pending';
  kind: 'apex' | 'subdomain';
  records: DnsRecord[];
  message: string;
  /** `ownership_required`: the TXT record among `records` must be in place before the domain can verify. */
  reason?: 'ownership_required';
  /** The redirect entry added with the domain (`redirectTo`). */
  redirect?: RedirectView;
  /** `shop.example` ↔ `www.shop.example`, when the other name is not a domain of the project yet. */
  suggestedPair?: SuggestedPair;
}

export interface CertificateView {
  status: 'none' | 'pending' | 'issued' | 'failed';
  reason?: string;
  message?: string;
  notAfter?: string;
  nextAttemptAt?: string;
}

export interface VerifyView {
  domain: string;
  status: 'verified' | 'pending' | 'failed';
  reason?: string;
  message: string;
  found: Found;
  certificate: CertificateView;
}

export interface Diagnostics {
  message: string;
  dns: { status: VerifyResult['status']; reason?: string; message: string };
  caa: { status: CaaResult['status']; message: string };
}

export interface DomainView {
  domain: string;
  kind: 'apex' | 'subdomain';
  status: 'verified' | 'pending' | 'failed';
  reason?: string;
  message: string;
  found: Found;
  records: DnsRecord[];
  certificate: CertificateView;
  diagnostics?: Diagnostics;
}

export interface RedirectView {
  from: string;
  to: string;
  status: 301;
}

export function certificateView(record: DomainRecord): CertificateView {
  const c = record.cert;
  return {
    status: c.status,
    ...(c.reason === null ? {} : { reason: c.reason }),
    ...(c.message === null ? {} : { message: c.message }),
    ...(c.expiresAt === null || c.status !== 'issued' ? {} : { notAfter: c.expiresAt.toISOString() }),
    ...(c.nextAt === null || c.status === 'issued' ? {} : { nextAttemptAt: c.nextAt.toISOString() }),
  };
}

/** A claim as `list` shows it: pending, `ownership_required`, the TXT record first. */
export function claimView(claim: ClaimRecord, target: PlatformTarget): DomainView {
  const name = storedName(claim);
  const txt = challengeRecord(name, claim.token);
  return {
    domain: claim.name,
    kind: claim.kind,
    status: 'pending',
    reason: 'ownership_required',
    message:
      claim.message ||
      `${claim.name} needs proof of ownership before this project can serve it: create the TXT record ${txt.name} ` +
        `(${challengeName(claim.name)}) with the value ${claim.token}, and the other record${recordsFor(name, target).length > 1 ? 's' : ''} shown, then verify.`,
    found: { cname: null, addresses: [], txt: claim.found },
    records: [txt, ...recordsFor(name, target)],
    certificate: { status: 'none' },
  };
}

/** A stored domain as `list` shows it; a certificate late past the grace period comes with diagnostics, checked now. */
export async function domainView(record: DomainRecord, settings: DomainSettings, now: Date): Promise<DomainView> {
  const name = storedName(record);
  const late =
    record.status === 'verified' &&
    record.cert.status !== 'issued' &&
    record.verifiedAt !== null &&
    now.getTime() - record.verifiedAt.getTime() >= settings.graceSeconds * 1000;
  return {
    domain: record.name,
    kind: record.kind,
    status: record.status,
    ...(record.reason === null ? {} : { reason: record.reason }),
    message: record.message,
    found: record.found,
    records: recordsFor(name, settings),
    certificate: certificateView(record),
    ...(late ? { diagnostics: await diagnose(name, settings) } : {}),
  };
}

/** What `verify` answers: the domain's state after the check, without its records. */
export function verifyView(view: DomainView): VerifyView {
  return {
    domain: view.domain,
    status: view.status,
    ...(view.reason === undefined ? {} : { reason: view.reason }),
    message: view.message,
    found: view.found,
    certificate: view.certificate,
  };
}

/** Whether the domain still verifies and whether CAA lets the CA issue, checked now. */
export async function diagnose(name: DomainName, settings: DomainSettings): Promise<Diagnostics> {
  const options = { servers: settings.dnsServers };
  const [dns, caa] = await Promise.all([
    checkDns(name, settings, options),
    settings.caaIdentities().then(
      (ids) => checkCaa(name, ids, options),
      (): CaaResult => ({ status: 'error', reason: 'dns_error', message: 'The CA directory could not be read for its CAA identities.' }),
    ),
  ]);
  const parts = [
    dns.status === 'verified' ? `${name.name} still points at the platform.` : `${name.name} no longer verifies: ${dns.message}`,
    caa.message,
  ];
  return {
    message: `No certificate yet. ${parts.join(' ')}`,
    dns: { status: dns.status, ...(dns.reason === undefined ? {} : { reason: dns.reason }), message: dns.message },
    caa: { status: caa.status, message: caa.message },
  };
}
