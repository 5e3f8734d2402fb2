import { Type } from '@sinclair/typebox';
import { managementComponent } from '../management/components.js';
import { SlugParams } from '../management/schemas.js';

const DomainName = (description: string) => Type.String({ minLength: 1, maxLength: 253, description });

export const DnsRecordSchema = managementComponent(
  Type.Object(
    {
      type: Type.Union([Type.Literal('CNAME'), Type.Literal('ALIAS'), Type.Literal('A'), Type.Literal('AAAA'), Type.Literal('TXT')], {
        description: 'The record type to create at the DNS provider (`TXT`: the ownership proof `_petstore-challenge`).',
      }),
      name: Type.String({ description: 'The name, relative to the registrable domain: `www`, or `@` for the apex.' }),
      value: Type.String({ description: 'The value: PLATFORM_HOST for CNAME and ALIAS, an address for A and AAAA.' }),
      ttl: Type.Integer({ format: 'int32', minimum: 0, description: 'The TTL in seconds.' }),
      note: Type.Optional(Type.String({ description: 'When the record applies (ALIAS/ANAME support, the A-record fallback).' })),
    },
    { additionalProperties: false, description: 'A DNS record the domain needs.' },
  ),
  'DnsRecord',
);

const FoundSchema = Type.Object(
  {
    cname: Type.Union([Type.String(), Type.Null()], { description: 'The CNAME found at the name, if any.' }),
    addresses: Type.Array(Type.String(), { maxItems: 1000, description: 'The addresses the name resolved to.' }),
    txt: Type.Optional(
      Type.Array(Type.String(), {
        maxItems: 1000,
        description: 'For a domain that needs ownership proof: the TXT values found at `_petstore-challenge.<domain>`.',
      }),
    ),
  },
  { additionalProperties: false, description: 'What the name resolved to at the last check.' },
);

export const CertificateSchema = managementComponent(
  Type.Object(
    {
      status: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('issued'), Type.Literal('failed')], {
        description: '`none` before verification; `pending` while ordered; `issued`; `failed` with the reason (retried with backoff).',
      }),
      reason: Type.Optional(
        Type.String({
          description:
            'Why the last attempt failed: `caa_blocked`, `not_verified`, `ca_unreachable`, `ca_error`, `challenge_failed`, `rate_limited`, `timeout`, `dns_error`, `cancelled`, `internal`.',
        }),
      ),
      message: Type.Optional(Type.String({ description: "The state in words, with the certificate authority's last error." })),
      notAfter: Type.Optional(Type.String({ format: 'date-time', description: 'When the issued certificate expires.' })),
      nextAttemptAt: Type.Optional(Type.String({ format: 'date-time', description: 'When the next attempt starts.' })),
    },
    { additionalProperties: false, description: "The domain's certificate." },
  ),
  'Certificate',
);

export const RedirectSchema = managementComponent(
  Type.Object(
    {
      from: Type.String({ description: 'A custom domain of the project that redirects.' }),
      to: Type.String({ description: 'The custom domain it redirects to, with the same path and query.' }),
      status: Type.Literal(301, { description: 'The redirect status.' }),
    },
    { additionalProperties: false, description: 'A redirect entry: requests to `from` answer 301 to `https://<to>`.' },
  ),
  'Redirect',
);

const CheckStatus = Type.Union([Type.Literal('verified'), Type.Literal('pending'), Type.Literal('failed')]);

export const DomainSchema = managementComponent(
  Type.Object(
    {
      domain: Type.String({ description: 'The domain, in lowercase A-labels (IDNA).' }),
      kind: Type.Union([Type.Literal('apex'), Type.Literal('subdomain')], {
        description: 'An apex (registrable domain, by the Public Suffix List) or a subdomain.',
      }),
      status: Type.Union([Type.Literal('verified'), Type.Literal('pending'), Type.Literal('failed')], {
        description:
          '`pending` until the records are found (re-checked in the background for 48 hours), `verified`, or `failed` with the reason.',
      }),
      reason: Type.Optional(
        Type.Union(
          [
            Type.Literal('conflicting_a_record'),
            Type.Literal('cname_mismatch'),
            Type.Literal('not_found'),
            Type.Literal('dns_error'),
            Type.Literal('platform_unresolvable'),
            Type.Literal('ownership_required'),
          ],
          {
            description:
              'Why the domain does not verify. `ownership_required`: the name needs proof of ownership first, the TXT record `_petstore-challenge.<domain>` shown in `records` (the name, or a name under the same registrable domain, is in use on the platform, or was removed less than 7 days ago). `platform_unresolvable`: an apex has A/AAAA records but PLATFORM_HOST itself resolves to none (and PLATFORM_ADDRESSES is unset), so there is nothing to compare them with; the operator has to act.',
          },
        ),
      ),
      message: Type.String({ description: 'The state in words, with what to do.' }),
      found: FoundSchema,
      records: Type.Array(DnsRecordSchema, { maxItems: 20, description: 'The DNS records to create.' }),
      certificate: CertificateSchema,
      // Only in the answer to add with `redirectTo`: the redirect entry added with the domain.
      redirect: Type.Optional(RedirectSchema),
      suggestedPair: Type.Optional(
        Type.Object(
          {
            domain: Type.String({ description: 'The other name of the pair: `www.<apex>` for an apex, the apex for `www.<apex>`.' }),
            redirect: RedirectSchema,
            message: Type.String({ description: 'The offer in words.' }),
          },
          {
            additionalProperties: false,
            description:
              'Only in the answer to add, for an apex or its `www.` name when the project lacks the other: add `domain` with `redirectTo` set to this domain to get both names and the redirect entry in one request. Each domain verifies on its own.',
          },
        ),
      ),
      diagnostics: Type.Optional(
        Type.Object(
          {
            message: Type.String({ description: 'Why there is no certificate yet, in words.' }),
            dns: Type.Object(
              { status: CheckStatus, reason: Type.Optional(Type.String()), message: Type.String() },
              { additionalProperties: false, description: 'Whether the domain still verifies.' },
            ),
            caa: Type.Object(
              {
                status: Type.Union([Type.Literal('allowed'), Type.Literal('blocked'), Type.Literal('error')]),
                message: Type.String(),
              },
              { additionalProperties: false, description: 'Whether CAA records let the certificate authority issue.' },
            ),
          },
          {
            additionalProperties: false,
            description: 'Present when a verified domain has had no certificate for CERTIFICATE_GRACE_SECONDS (30 minutes by default).',
          },
        ),
      ),
    },
    { additionalProperties: false, description: 'A custom domain of the project.' },
  ),
  'Domain',
);

export const DomainListSchema = Type.Array(DomainSchema, { maxItems: 50, description: "The project's custom domains (at most 50)." });

export const NewDomainSchema = Type.Object(
  {
    domain: DomainName('The domain to serve the site on, e.g. `www.example.com` (Unicode names are converted to A-labels).'),
    redirectTo: Type.Optional(
      DomainName(
        'Another custom domain of the project: a redirect entry (301) from the new domain to it is added too, as for the `www.` pair (`suggestedPair`).',
      ),
    ),
  },
  { additionalProperties: false, description: 'A domain to add.' },
);

export const DomainParams = Type.Object(
  { slug: SlugParams.properties.slug, domain: DomainName('The domain.') },
  { additionalProperties: false },
);

export const RedirectListSchema = Type.Array(RedirectSchema, { maxItems: 50, description: "The project's redirect entries." });

export const NewRedirectSchema = Type.Object(
  { from: DomainName('A custom domain of the project.'), to: DomainName('Another custom domain of the project.') },
  { additionalProperties: false, description: 'A redirect to add.' },
);

export const RedirectParams = Type.Object(
  { slug: SlugParams.properties.slug, from: DomainName('The domain that redirects.') },
  { additionalProperties: false },
);
