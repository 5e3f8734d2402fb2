import { parse } from '../../cli/args.js';
import type { CliContext } from '../../feature.js';
import type { CertificateView } from '../views.js';
import { transport } from './transports.js';

const JSON_ONLY = { json: { type: 'boolean' } } as const;

const certificateLine = (c: CertificateView) =>
  `certificate ${c.status}${c.notAfter ? ` until ${c.notAfter}` : ''}${c.message ? `: ${c.message}` : ''}`;

/** The API's sentence for a domain's state, the reason code in brackets: the same line for `list` and `verify`. */
const stateLine = (d: { domain: string; status: string; reason?: string; message: string }) =>
  `${d.domain}: ${d.status}${d.reason ? ` (${d.reason})` : ''}. ${d.message}`;

export async function runDomains([sub, ...rest]: string[], ctx: CliContext): Promise<void> {
  if (sub === 'add') {
    const { values, positionals } = parse(rest, { ...JSON_ONLY, 'redirect-to': { type: 'string' } }, 2);
    const redirectTo = values['redirect-to'];
    const added = await transport(ctx).add(positionals[0] ?? '', positionals[1] ?? '', redirectTo === undefined ? {} : { redirectTo });
    if (values.json) return ctx.json(added);
    ctx.out(`added ${added.domain} to ${added.project} (pending${added.reason ? `, ${added.reason}` : ''}). ${added.message}`);
    for (const r of added.records) ctx.out(`  ${r.type}\t${r.name}\t${r.value}\tTTL ${String(r.ttl)}${r.note ? `\t(${r.note})` : ''}`);
    if (added.redirect) ctx.out(`${added.redirect.from} redirects (301) to ${added.redirect.to} once it verifies.`);
    const pair = added.suggestedPair;
    if (pair) {
      ctx.out(`${pair.message} One command adds it with the redirect:`);
      ctx.out(`  petstore domains add ${added.project} ${pair.domain} --redirect-to ${added.domain}`);
    }
  } else if (sub === 'verify') {
    const { values, positionals } = parse(rest, { ...JSON_ONLY, project: { type: 'string' } }, 1);
    const result = await transport(ctx).verify(positionals[0] ?? '', values.project);
    if (values.json) ctx.json(result);
    else {
      ctx.out(stateLine(result));
      ctx.out(`  ${certificateLine(result.certificate)}`);
    }
    if (result.status !== 'verified') process.exitCode = 1;
  } else if (sub === 'list') {
    const { values, positionals } = parse(rest, JSON_ONLY, 1);
    const list = await transport(ctx).list(positionals[0] ?? '');
    if (values.json) return ctx.json(list);
    for (const d of list) {
      ctx.out(stateLine(d));
      ctx.out(`  ${certificateLine(d.certificate)}`);
      if (d.diagnostics) ctx.out(`  ${d.diagnostics.message}`);
    }
  } else {
    const { values, positionals } = parse(rest, { project: { type: 'string' } }, 1);
    const removed = await transport(ctx).remove(positionals[0] ?? '', values.project);
    ctx.out(`removed ${removed.domain}: it is no longer served`);
  }
}

export async function runRedirects([sub, ...rest]: string[], ctx: CliContext): Promise<void> {
  if (sub === 'add') {
    const { values, positionals } = parse(rest, JSON_ONLY, 3);
    const r = await transport(ctx).addRedirect(positionals[0] ?? '', positionals[1] ?? '', positionals[2] ?? '');
    if (values.json) ctx.json(r);
    else ctx.out(`${r.from} now redirects (301) to ${r.to}`);
  } else if (sub === 'list') {
    const { values, positionals } = parse(rest, JSON_ONLY, 1);
    const list = await transport(ctx).listRedirects(positionals[0] ?? '');
    if (values.json) ctx.json(list);
    else for (const r of list) ctx.out(`${r.from}\t${String(r.status)}\t${r.to}`);
  } else {
    const { positionals } = parse(rest, {}, 2);
    const r = await transport(ctx).removeRedirect(positionals[0] ?? '', positionals[1] ?? '');
    ctx.out(`removed the redirect from ${r.from}`);
  }
}
