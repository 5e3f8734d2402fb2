import type { Config } from '../config.js';

/** Where a project's site is served by a server running with this configuration: `http://<slug>.<PLATFORM_HOST>[:PORT]/`. */
export function siteUrl(config: Pick<Config, 'platformHost' | 'port'>, slug: string): string {
  return `http://${slug}.${config.platformHost}${config.port === 80 ? '' : `:${String(config.port)}`}/`;
}
