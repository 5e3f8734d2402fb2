import { environmentArg, ENV_OPTION, parse, positiveInt, UsageError } from '../cli/args.js';
import { orRefuse, Refused } from '../cli/exit.js';
import { DomainError } from '../errors/domain-error.js';
import { managementClient, overApi } from '../cli/management.js';
import type { CliCommand, CliContext } from '../feature.js';
import type { requestJson, RequestSearch } from './service.js';

type RequestOut = ReturnType<typeof requestJson>;

/** The newest `limit` requests matching the search: from the database, or from the server (following its cursors). */
async function requests(
  ctx: CliContext,
  slug: string,
  search: RequestSearch,
  limit: number,
  environment: 'production' | 'staging',
): Promise<RequestOut[]> {
  const remote = ctx.remote();
  if (remote) {
    return overApi(remote, async () => {
      const api = managementClient(remote);
      const out: RequestOut[] = [];
      let cursor: string | undefined;
      do {
        const page = await api.listRequests(slug, { ...search, environment, limit: Math.min(limit - out.length, 100), cursor });
        out.push(...page.requests);
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined && out.length < limit);
      return out;
    });
  }
  const [{ openProjectRepository }, { projectNotFound }, { openRequestLogRepository }, service] = await Promise.all([
    import('../projects/repository.js'),
    import('../projects/service.js'),
    import('./repository.js'),
    import('./service.js'),
  ]);
  const database = await ctx.database();
  const projects = openProjectRepository(database);
  const production = orRefuse((await projects.findBySlug(slug)) ?? projectNotFound(slug));
  const project = environment === 'staging' ? await projects.staging(production, new Date(ctx.clock.now())) : production;
  const filter = service.requestFilter(search);
  if (filter === null) throw new UsageError('--status must be a class (2xx, 4xx, 5xx) or a status code');
  return (await new service.RequestLogService(openRequestLogRepository(database)).list(project.id, filter, { limit })).map(
    service.requestJson,
  );
}

export const requestsCommand: CliCommand = {
  name: 'requests',
  remote: true,
  usage: [
    'requests SLUG [--status 4xx|NNN] [--key ID] [--operation OP] [--request-id ID] [--limit N] [--env staging] [--json]',
    '                                        the request log, newest first (50)',
  ],
  async run(args, ctx) {
    const { values, positionals } = parse(
      args,
      {
        status: { type: 'string' },
        key: { type: 'string' },
        operation: { type: 'string' },
        'request-id': { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
        ...ENV_OPTION,
      },
      1,
    );
    const slug = positionals[0] ?? '';
    if (slug.startsWith('-')) throw new UsageError('expected a project slug');
    if (values.status !== undefined && !/^(?:[1-5]xx|[1-5][0-9]{2})$/.test(values.status)) {
      throw new UsageError('--status must be a class (2xx, 4xx, 5xx) or a status code');
    }
    const search: RequestSearch = {};
    if (values.status !== undefined) search.status = values.status;
    if (values.key !== undefined) search.keyId = values.key;
    if (values.operation !== undefined) search.operation = values.operation;
    if (values['request-id'] !== undefined) search.requestId = values['request-id'];
    const list = await requests(ctx, slug, search, positiveInt('limit', values.limit) ?? 50, environmentArg(values.env));
    // Looking for one request and not finding it is a failed search (exit 1), as grep's is; other searches may match none.
    if (search.requestId !== undefined && list.length === 0) {
      throw new Refused(
        new DomainError(
          'not_found',
          `No request with id "${search.requestId}" in the log of "${slug}"${search.status || search.keyId || search.operation ? ' matching the other filters' : ''} (a request shows within 2 s; the log keeps REQUEST_LOG_DAYS days).`,
        ),
      );
    }
    if (values.json) return ctx.json(list);
    if (list.length === 0) ctx.out(`no requests of ${slug} match`);
    for (const r of list) {
      const error = r.errorCode ? `\t${r.errorCode}` : '';
      ctx.out(
        `${r.at}\t${String(r.status)}\t${r.method} ${r.path}\t${r.operation ?? '-'}\t${r.keyId ?? '-'}\t${r.durationMs.toFixed(1)} ms\t${r.requestId}${error}`,
      );
    }
  },
};
