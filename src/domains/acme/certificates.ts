import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { tracing, type SpanOptions, type SpanScope } from '../../telemetry/tracing.js';
import type { AcmeSettings, ChallengePort, IssueResult } from './client.js';
import { checkCaa } from '../dns/caa.js';
import { normaliseDomain } from '../dns/names.js';
import { certRetryAt, isPaidPlan, ORDER_LIMITS } from '../policy.js';
import type { DomainRecord, DomainRepository } from '../repository.js';
import type { KeySealer } from './key-sealing.js';
import type { DomainSettings } from '../deps.js';
import type { DomainService } from '../service.js';

/** Longer than an order may take (client.ts bounds it at 60 s): another instance takes over only after a crash. */
const LEASE_MS = 3 * 60_000;
/** How often due attempts and renewals are looked for, besides the nudges of verify. */
const TICK_MS = 5000;
const BATCH = 10;

export interface CertificateDeps {
  repository: DomainRepository;
  service: DomainService;
  acme: AcmeSettings;
  settings: DomainSettings;
  sealer: KeySealer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** After a certificate is stored: every instance loads it. */
  changed(): Promise<void>;
  /** client.ts's issueCertificate; tests may pace it. */
  issue(
    settings: AcmeSettings,
    request: { domain: string; challenges: ChallengePort; account?: { key: string; url?: string }; signal?: AbortSignal },
  ): Promise<IssueResult>;
  renewalTime(chain: string): Date;
}

/**
 * Orders, stores and renews certificates for verified domains of paid
 * projects, never for a name that merely arrived by SNI. Each attempt takes
 * the domain's lease row first, so one instance works on an order at a time;
 * before each order the domain is checked again (DNS, then CAA), and the
 * throttles are consulted. Failures keep the CA's words and are retried with
 * backoff, never before the CA's Retry-After.
 */
export class CertificateWorker {
  private readonly holder = `${process.pid}-${randomUUID()}`;
  private readonly inFlight = new Map<string, AbortController>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(private readonly deps: CertificateDeps) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), TICK_MS);
    this.timer.unref();
    this.kick();
  }

  /** Looks for due work now (after a verify, or a tick). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.runDue();
        } while (this.again && !this.closed);
      } catch (err) {
        this.deps.log.error({ err }, 'certificates: a run failed');
      } finally {
        this.running = null;
      }
    })();
  }

  /** Waits for the current run, if any (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Cancels the orders of domains that were removed meanwhile. */
  async cancelRemoved(): Promise<void> {
    for (const [name, controller] of this.inFlight) {
      if (!(await this.deps.repository.find(name))) controller.abort();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (const controller of this.inFlight.values()) controller.abort();
    await this.idle();
  }

  private now(): Date {
    return new Date(this.deps.clock.now());
  }

  private async runDue(): Promise<void> {
    const due = await this.deps.repository.dueCertificates(this.now(), BATCH);
    await Promise.all(due.map((record) => this.attempt(record)));
  }

  private async attempt(record: DomainRecord): Promise<void> {
    const { repository } = this.deps;
    if (this.inFlight.has(record.name)) return;
    const now = this.now();
    if (!(await repository.lease(record.name, this.holder, new Date(now.getTime() + LEASE_MS), now))) return;
    const controller = new AbortController();
    this.inFlight.set(record.name, controller);
    try {
      const t = tracing();
      if (!t.enabled) await this.order(record, controller.signal);
      else await t.inSpan('acme order', orderSpan(record), async (span) => orderEnded(span, await this.order(record, controller.signal)));
    } finally {
      this.inFlight.delete(record.name);
      await repository.release(record.name, this.holder).catch(() => undefined);
    }
  }

  private async fail(record: DomainRecord, reason: string, message: string, retryAfter?: Date, retry = true): Promise<void> {
    const attempts = record.cert.attempts + 1;
    const at = certRetryAt(attempts, this.now(), retryAfter);
    if (record.cert.status === 'issued') {
      // A renewal that failed: the current certificate stays served until it expires.
      await this.deps.repository.deferRenewal(record.name, { reason, message: `Renewal failed: ${message}`, attempts, at });
      return;
    }
    // certificate.failed when an attempt fails after none had (its retries fail quietly until one succeeds).
    const event =
      record.cert.status === 'failed'
        ? undefined
        : {
            projectId: record.projectId,
            type: 'certificate.failed' as const,
            data: JSON.stringify({ domain: record.name, reason, message }),
            at: this.now(),
          };
    await this.deps.repository.saveCert(record.name, { status: 'failed', reason, message, attempts, nextAt: retry ? at : null }, event);
    this.deps.log.warn({ domain: record.name, reason, message }, 'certificate attempt failed');
  }

  private async order(record: DomainRecord, signal: AbortSignal): Promise<OrderOutcome> {
    const { repository, settings } = this.deps;
    const plan = await repository.projectPlan(record.projectId);
    if (plan === null || !isPaidPlan(plan)) return 'not_paid';

    // The domain is checked again before every order: one that stopped pointing here is marked, and no order is sent.
    const checked = await this.deps.service.check(record, { manual: false });
    if (checked.status !== 'verified') {
      await this.fail(record, 'not_verified', `${record.name} no longer verifies: ${checked.message}`);
      return 'not_verified';
    }
    const parsed = normaliseDomain(record.name);
    if (!parsed.ok) return 'invalid_domain';
    const identities = await settings.caaIdentities().catch(() => null);
    if (identities === null) {
      await this.fail(
        record,
        'ca_unreachable',
        `The certificate authority's directory at ${this.deps.acme.directoryUrl} could not be read.`,
      );
      return 'ca_unreachable';
    }
    const caa = await checkCaa(parsed.domain, identities, { servers: settings.dnsServers });
    if (caa.status === 'blocked') {
      await this.fail(record, 'caa_blocked', caa.message);
      return 'caa_blocked';
    }
    if (caa.status === 'error') {
      await this.fail(record, 'dns_error', caa.message);
      return 'dns_error';
    }

    const throttled = await this.throttled(record, parsed.domain.registrableDomain);
    if (throttled !== null) {
      await this.fail(record, 'rate_limited', throttled.message, throttled.until);
      return 'rate_limited';
    }

    const account = await repository.account(this.deps.acme.directoryUrl);
    const result = await this.deps.issue(this.deps.acme, {
      domain: record.name,
      signal,
      ...(account === null ? {} : { account: { key: this.deps.sealer.open(account.key, 'acme-account'), url: account.url } }),
      challenges: {
        put: (token, keyAuthorization) => repository.putChallenge(token, keyAuthorization, record.name, this.now()),
        remove: (token) => repository.removeChallenge(token),
      },
    });
    if (result.account && account === null) {
      await repository.saveAccount(
        this.deps.acme.directoryUrl,
        this.deps.sealer.seal(result.account.key, 'acme-account'),
        result.account.url,
        this.now(),
      );
    }
    const registrableDomain = parsed.domain.registrableDomain;
    if (!result.ok) {
      if (result.failure.kind === 'cancelled') return 'cancelled';
      await repository.recordOrder({ domain: record.name, registrableDomain, projectId: record.projectId, outcome: 'failed' }, this.now());
      await this.fail(record, result.failure.kind, result.failure.message, result.failure.retryAfter);
      return result.failure.kind;
    }
    if (!(await repository.find(record.name))) return 'removed';
    const { certificate } = result;
    const issued = {
      projectId: record.projectId,
      type: 'certificate.issued' as const,
      data: JSON.stringify({ domain: record.name, expiresAt: certificate.notAfter.toISOString() }),
      at: this.now(),
    };
    await repository.storeCertificate(
      record.name,
      {
        chain: certificate.chain,
        key: this.deps.sealer.seal(certificate.privateKey, record.name),
        expiresAt: certificate.notAfter,
        renewAt: this.deps.renewalTime(certificate.chain),
      },
      issued,
    );
    await repository.recordOrder({ domain: record.name, registrableDomain, projectId: record.projectId, outcome: 'issued' }, this.now());
    this.deps.log.info({ domain: record.name, notAfter: certificate.notAfter.toISOString() }, 'certificate issued');
    await this.deps.changed();
    return 'issued';
  }

  private async throttled(record: DomainRecord, registrableDomain: string): Promise<{ message: string; until: Date } | null> {
    const now = this.now().getTime();
    const checks: [keyof typeof ORDER_LIMITS, string][] = [
      ['failedName', `${record.name} failed validation too often in the last hour`],
      ['project', 'this project ordered too many certificates in the last 3 hours'],
      ['registrable', `too many certificates were issued under ${registrableDomain} in the last 7 days`],
      ['account', 'the platform ordered too many certificates in the last 3 hours'],
    ];
    for (const [limit, words] of checks) {
      const { max, windowMs } = ORDER_LIMITS[limit];
      const counts = await this.deps.repository.orderCounts(new Date(now - windowMs), {
        projectId: record.projectId,
        registrableDomain,
        domain: record.name,
      });
      const count = { failedName: counts.failedName, project: counts.project, registrable: counts.registrable, account: counts.all }[limit];
      if (count >= max) {
        const until = new Date(now + windowMs / 4);
        return { message: `Waiting: ${words} (${String(count)} of ${String(max)}). Next attempt after ${until.toISOString()}.`, until };
      }
    }
    return null;
  }
}

/** How an order attempt ended: `issued`, a failure's reason (certificate `reason`s), or why none was sent. */
type OrderOutcome = string;

/**
 * An order attempt's span, in a trace of its own (the manager works in the background; a request only wakes
 * it): the domain, whether it renews a certificate, the attempt's number; its outcome once it ends.
 */
function orderSpan(record: DomainRecord): SpanOptions {
  return {
    kind: 'internal',
    root: true,
    attributes: {
      'petstore.domain': record.name,
      'petstore.acme.renewal': record.cert.status === 'issued',
      'petstore.acme.attempt': record.cert.attempts + 1,
    },
  };
}

/** Issued, or no order needed, is a success; any failure's reason marks the span failed. */
const NOT_FAILED = new Set(['issued', 'not_paid', 'removed', 'cancelled']);

function orderEnded(span: SpanScope, outcome: OrderOutcome): void {
  span.setAttributes({ 'petstore.acme.outcome': outcome });
  if (!NOT_FAILED.has(outcome)) span.fail(new Error(`certificate order: ${outcome}`));
}
