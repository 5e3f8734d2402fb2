import type { Clock } from '../clock.js';
import { deprecationHeaders, pastSunset } from '../http/deprecation/deprecation.js';
import type { Environment } from '../http/pipeline/environments.js';
import type { CursorCodec } from '../http/pagination/cursors.js';
import { REGULAR, type EarlyAnswer, type EarlyRequest, type FallThrough } from '../http/pipeline/front-door.js';
import type { ApiStages, EarlyAnswerStep } from '../http/pipeline/pipeline.js';
import type { Principal } from '../keys/repository.js';
import { JSON_UTF8, LIST_PATH, nextPageLink, petListing } from './answers.js';
import type { PetPageJson, PetRepository } from './repository.js';
import { GET_PET_DEPRECATION } from './routes.js';
import { petsVersionKey, VersionCache, type AnswerParts } from './version-cache.js';
import { PET_STATUSES, type PetStatus } from './schemas.js';
import { SETTLE_MS } from '../limits/counters.js';

/** `limit` as the contract allows it, in its plain spelling only (1–100, no sign, no leading zero). */
const LIMIT = /^(?:[1-9][0-9]?|100)$/;
/** A cursor's spelling (http/pagination/cursors.ts); whether it verifies is the codec's to say. */
const CURSOR = /^[A-Za-z0-9_-]{34}$/;
/** A positive id below 10^18, in its plain spelling: always an int64. */
const PET_ID = /^[1-9][0-9]{0,17}$/;
const STATUSES: ReadonlySet<string> = new Set(PET_STATUSES);
const NONE: readonly string[] = [];

interface ListQuery {
  readonly limit: number;
  readonly status: PetStatus | undefined;
  readonly cursor: string | undefined;
}

// Clients repeat their query strings: the last one parsed is kept (a ListQuery is never changed).
let lastSearch: string | null = null;
let lastQuery: ListQuery | null = null;

/** The query of a listPets URL when it is plain (each known parameter at most once, nothing to decode), else null. */
function listQuery(search: string | null): ListQuery | null {
  if (search !== null && search === lastSearch) return lastQuery;
  const query = parseListQuery(search);
  if (search !== null) {
    lastSearch = search;
    lastQuery = query;
  }
  return query;
}

function parseListQuery(search: string | null): ListQuery | null {
  const query: { -readonly [K in keyof ListQuery]: ListQuery[K] } = { limit: 20, status: undefined, cursor: undefined };
  if (search === null) return query;
  let seen = '';
  for (const part of search.split('&')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (eq === -1 || seen.includes(name[0] ?? '')) return null;
    if (name === 'limit' && LIMIT.test(value)) query.limit = Number(value);
    else if (name === 'status' && STATUSES.has(value)) query.status = value as PetStatus;
    else if (name === 'cursor' && CURSOR.test(value)) query.cursor = value;
    else return null;
    seen += name[0];
  }
  return query;
}

// A page read from the read cache is the same object until the next commit: its bytes are encoded once.
const PAGE_BYTES = new WeakMap<PetPageJson, Buffer>();

function pageBytes(page: PetPageJson): Buffer {
  let bytes = PAGE_BYTES.get(page);
  if (bytes === undefined) PAGE_BYTES.set(page, (bytes = Buffer.from(page.json)));
  return bytes;
}

/** What an early answer is for: its operation, and whether that is deprecated (its calls are counted per key too). */
interface Operation {
  name: string;
  deprecated: boolean;
}
const LIST_PETS: Operation = { name: 'listPets', deprecated: false };
const GET_PET: Operation = { name: 'getPet', deprecated: true };

/** An answer's bytes and the headers around the limit headers (version-cache.ts). */
type Found = AnswerParts | null;

/**
 * What an answer reads, prepared for a principal: `now`, a read without a promise (SQLite); otherwise the key
 * its answer is held under (version-cache.ts) and `read`, started only when called. Null (not found) sends the
 * request to the regular path. Null itself, before anything starts, when the regular path must answer (an
 * invalid cursor: its 400).
 */
type Prepared = { now: () => Found } | { key: string; read: () => Promise<Found> };
type Prepare = (principal: Principal) => Prepared | null;

type Outcome = EarlyAnswer | typeof REGULAR | FallThrough;

/**
 * An API answer before Fastify: the pipeline's stages in the regular path's order (identify, then the read,
 * then admit and record), each the same definition the regular path runs, giving the same status, headers and
 * bytes. Nothing is counted until the answer is certain: a key not in the key cache, a quota nearly used up, a
 * banned key or a pet not found goes to the regular path, having counted nothing.
 *
 * A read with a promise (PostgreSQL) is counted by the limiter only with room to spare, atomically across
 * instances (else the regular path counts it and answers 429); once counted, a request that cannot be answered
 * here (not found, a failed read) goes to the regular path with its limit headers, not counted again.
 *
 * With held answers (`cache`), the limiter's round trip also brings the project's shared version (Redis; see
 * limits/counters.ts), and an answer held under that version (version-cache.ts) is given without reading the
 * database. A key read in the last `HELD_MS` is read only once its version has come back: the read then sees
 * every write the version covers, so its answer is held under it, and requests that bring the same version
 * meanwhile share that read. Another key is read beside the count (one round trip's wait less), and held only
 * when the version was settled and came back within `VERSION_WITHIN_MS` of the read's start.
 */
function answer(
  request: EarlyRequest,
  api: ApiStages,
  operation: Operation,
  cache: VersionCache | null,
  prepare: Prepare,
): EarlyAnswer | typeof REGULAR | Promise<Outcome> {
  const principal = api.identify(request) as Principal | null;
  if (principal === null) return REGULAR;
  const prepared = prepare(principal);
  if (prepared === null) return REGULAR;
  const answered = (found: AnswerParts, limits: readonly string[]): EarlyAnswer => {
    api.record(principal, operation.deprecated ? operation.name : undefined);
    // In the regular path's order: deprecation (its own stage), limits (admit), then what the handler sets.
    const headers = found.before.concat(limits, found.after);
    headers.push('content-type', JSON_UTF8, 'content-length', String(found.body.length));
    return { status: 200, headers, body: request.method === 'HEAD' ? null : found.body, operation: operation.name, principal };
  };
  if ('now' in prepared) {
    const found = prepared.now();
    if (found === null) return REGULAR;
    const limits = api.admit.now(principal);
    if (limits !== null || api.admit.remote !== true) return limits === null ? REGULAR : answered(found, limits);
    return api.admit.later(principal).then((admitted) => (admitted === null ? REGULAR : answered(found, admitted.headers)));
  }
  const read = () => prepared.read().catch(() => null);
  const given = (found: Found, headers: readonly string[]) => (found === null ? { admitted: headers } : answered(found, headers));
  if (cache === null) {
    const reading = read();
    return api.admit.later(principal).then(async (admitted) => (admitted === null ? REGULAR : given(await reading, admitted.headers)));
  }
  const { key } = prepared;
  const began = cache.now();
  const reading = cache.recent(key) ? null : read();
  return api.admit.later(principal, petsVersionKey(principal.projectId)).then(async (admitted) => {
    if (admitted === null) return REGULAR;
    const { headers, version, settled } = admitted;
    if (version === null) return given(await (reading ?? read()), headers);
    if (reading === null) return given(await cache.answerUnder(key, version, read), headers);
    const versionAt = cache.now();
    const found = await reading;
    // Settled, and the read began after the last change of the version: it sees every write that changed it.
    // Otherwise only that the key was read: its next request reads after its version.
    if (found !== null) cache.set(key, settled && versionAt - began < VERSION_WITHIN_MS ? version : null, found, began);
    return given(found, headers);
  });
}

/**
 * A read held under a settled version it began before: the version's last change was at least SETTLE_MS
 * before Redis read it, so a read that began less than half that before the version came back began after
 * it (the other half is the margin for clocks that do not run alike).
 */
const VERSION_WITHIN_MS = SETTLE_MS / 2;

/**
 * Which early answer a URL asks for: listPets with its query, getPet with its id; null for another path (the
 * next step looks), REGULAR for one of these the regular path must answer (an unusual query, a sunset getPet).
 */
type Target = { op: 'listPets'; query: ListQuery } | { op: 'getPet'; id: string };

function targetOf(url: string, clock: Clock): Target | typeof REGULAR | null {
  if (!url.startsWith(LIST_PATH)) return null;
  const rest = url.slice(LIST_PATH.length);
  if (rest === '' || rest[0] === '?') {
    const query = listQuery(rest === '' ? null : rest.slice(1));
    return query === null ? REGULAR : { op: 'listPets', query };
  }
  if (rest[0] !== '/') return null;
  const id = rest.slice(1);
  if (!PET_ID.test(id) || pastSunset(GET_PET_DEPRECATION, clock.now())) return REGULAR;
  return { op: 'getPet', id };
}

/** What the early pets answer is made of; `apiPath` gives an environment's API path, which links name. */
interface EarlyPetsDeps {
  pets: PetRepository;
  cursors: CursorCodec;
  clock: Clock;
  apiPath: (environment: Environment) => string;
  /** Hold answers under the project's shared version where one is kept (HELD_ANSWERS). */
  hold: boolean;
}

/**
 * listPets and getPet before Fastify (http/pipeline/front-door.ts), the pipeline's `answer` stage. On engines that read
 * without a promise (SQLite) answered in the same turn; on the others (PostgreSQL) an answer that awaits its read.
 */
export function earlyPetsStep(deps: EarlyPetsDeps): EarlyAnswerStep {
  const { pets, cursors, clock, apiPath } = deps;
  const { listJsonNow, getJsonNow } = pets;
  const now = listJsonNow !== undefined && getJsonNow !== undefined;
  // Answers are held only under a shared version (Redis), for reads that await; only durations are measured.
  const cache = !now && deps.hold ? new VersionCache(() => performance.now()) : null;
  // Each environment's getPet deprecation headers (their successor link names the environment's path).
  const deprecation: Record<Environment, readonly string[]> = {
    production: deprecationHeaders(GET_PET_DEPRECATION, apiPath('production')),
    staging: deprecationHeaders(GET_PET_DEPRECATION, apiPath('staging')),
  };
  return (request, api) => {
    const target = targetOf(request.url, clock);
    if (target === null || target === REGULAR) return target;
    if (target.op === 'listPets') {
      const { limit, status, cursor } = target.query;
      return answer(request, api, LIST_PETS, cache, ({ projectId }) => {
        const listing = petListing(cursors, projectId, status);
        const after = cursor === undefined ? undefined : listing.cursors.decode(listing, cursor);
        if (after === null) return null;
        const parts = (page: PetPageJson, body: Buffer): AnswerParts => {
          const link = nextPageLink(page, listing, limit, status, apiPath(request.environment));
          return { before: NONE, after: link === null ? NONE : ['link', link], body };
        };
        const query = { limit, after, status };
        if (listJsonNow) {
          return {
            now: () => {
              const page = listJsonNow(projectId, query);
              return parts(page, pageBytes(page));
            },
          };
        }
        return {
          key: `${String(projectId)}?${String(limit)}&${String(after)}&${String(status)}`,
          read: () => pets.listJson(projectId, query).then((page) => parts(page, Buffer.from(page.json))),
        };
      });
    }
    const { id } = target;
    const found = (pet: string | null): Found =>
      pet === null ? null : { before: deprecation[request.environment], after: NONE, body: Buffer.from(pet) };
    return answer(request, api, GET_PET, cache, ({ projectId }) =>
      getJsonNow
        ? { now: () => found(getJsonNow(projectId, BigInt(id))) }
        : { key: `${String(projectId)}/${id}`, read: () => pets.getJson(projectId, BigInt(id)).then(found) },
    );
  };
}
