import type { Config } from '../../config.js';
import { siteUrl } from '../../projects/site-url.js';
import type { Database } from '../../storage/database.js';
import { int, sqlFor } from '../../storage/sql.js';

/** Where a server serves project sites: `http://<slug>.<platformHost>[:port]/`. */
export type SiteAddress = Pick<Config, 'platformHost' | 'port'>;

/** A project's live site. */
export const liveUrl = (address: SiteAddress, slug: string): string => siteUrl(address, slug);

/**
 * A deploy's preview: `<slug>--deploy-<number>.<platformHost>`, serving that deploy forever. (Addresses by id,
 * `<slug>--<id>`, handed out before deploys were numbered per project, keep answering: platform-hosts.ts.)
 */
export const previewUrl = (address: SiteAddress, slug: string, number: number): string =>
  siteUrl(address, `${slug}--deploy-${String(number)}`);

/**
 * The address the running server publishes when it starts listening (its
 * PLATFORM_HOST and the port it really listens on), so the CLI prints the
 * links the server serves rather than ones made from its own environment.
 * The last server to start wins.
 */
export interface SiteAddressStore {
  publish(address: SiteAddress, now: Date): Promise<void>;
  /** Null before any server has started on this database. */
  published(): Promise<SiteAddress | null>;
}

export function openSiteAddressStore(database: Database): SiteAddressStore {
  const sql = sqlFor(database);
  return {
    publish: async (address, now) => {
      await sql.run(
        `INSERT INTO site_address (id, platform_host, port, published_at) VALUES (1, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET platform_host = excluded.platform_host, port = excluded.port, published_at = excluded.published_at`,
        [address.platformHost, address.port, now],
      );
    },
    published: async () => {
      const row = await sql.one<{ platform_host: string; port: bigint }>('SELECT platform_host, port FROM site_address WHERE id = 1');
      return row && { platformHost: row.platform_host, port: int(row.port) };
    },
  };
}
