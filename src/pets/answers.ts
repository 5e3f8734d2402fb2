import type { CursorCodec } from '../http/pagination/cursors.js';
import { nextLink, type Listing } from '../http/pagination/pagination.js';
import type { PetPageJson } from './repository.js';
import type { PetStatus } from './schemas.js';

/** Bodies read as JSON text from storage are sent as they are, with the type Fastify gives JSON. */
export const JSON_UTF8 = 'application/json; charset=utf-8';

/** listPets' path as routed (a staging request's staging prefix is taken off first: http/pipeline/environments.ts). */
export const LIST_PATH = '/v1/pets';

/** The listing a page of pets belongs to: its cursors are valid for this project and filter only. */
export function petListing(cursors: CursorCodec, projectId: number, status: PetStatus | undefined): Listing {
  return { cursors, kind: 'pets', projectId, filter: status ?? '' };
}

// A page read from the read cache is the same object until the next commit, and so is its next link.
const LINKS = new WeakMap<PetPageJson, string>();
/**
 * Pages read without the read cache (PostgreSQL) are new objects each time: their links are also kept by
 * what a link depends on, per cursor codec (its key), so a client paging the same listing signs nothing.
 */
const LINKS_BY_POSITION = new WeakMap<CursorCodec, Map<string, string>>();
const MAX_LINKS = 1024;

/**
 * The `Link: <…>; rel="next"` value of a page when more pets follow, else
 * null: the one definition for both paths (routes.ts, early.ts). Signing the
 * cursor is an HMAC, so a page kept in the read cache keeps its link too.
 * `apiPath` is the path of the project's environment (`/v1`, `/staging/v1`): a
 * page is one project's, in one environment, so its link is always the same.
 */
export function nextPageLink(
  page: PetPageJson,
  listing: Listing,
  limit: number,
  status: PetStatus | undefined,
  apiPath: string,
): string | null {
  if (page.lastIdIfMore === null) return null;
  let link = LINKS.get(page);
  if (link === undefined) {
    let byPosition = LINKS_BY_POSITION.get(listing.cursors);
    if (byPosition === undefined) LINKS_BY_POSITION.set(listing.cursors, (byPosition = new Map()));
    const key = `${String(listing.projectId)}/${status ?? ''}/${String(limit)}/${page.lastIdIfMore.toString()}`;
    link = byPosition.get(key);
    if (link === undefined) {
      link = nextLink({ limit, path: `${apiPath}/pets`, listing, query: { status }, lastId: page.lastIdIfMore });
      if (byPosition.size >= MAX_LINKS) byPosition.clear();
      byPosition.set(key, link);
    }
    LINKS.set(page, link);
  }
  return link;
}
