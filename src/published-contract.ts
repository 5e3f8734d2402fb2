import { buildApp } from './app.js';
import { defaultConfig } from './config.js';
import type { DeprecatedOperation } from './http/deprecated-operations.js';

/** The published contract: the document built with the documented example servers. */
export const PUBLISHED_SERVERS = {
  baseUrl: 'https://api.petstore.example/v1',
  stagingBaseUrl: 'https://staging.petstore.example/v1',
};

export async function publishedDocument(): Promise<Record<string, unknown>> {
  const app = await buildApp({ config: defaultConfig({ databaseUrl: 'sqlite::memory:', ...PUBLISHED_SERVERS }) });
  try {
    return app.openapi();
  } finally {
    await app.close();
  }
}

/** The contract's deprecated operations, as a server built from this release registers them (for local commands). */
export async function publishedDeprecatedOperations(): Promise<readonly DeprecatedOperation[]> {
  const app = await buildApp({ config: defaultConfig({ databaseUrl: 'sqlite::memory:', ...PUBLISHED_SERVERS }) });
  try {
    return app.deprecatedOperations();
  } finally {
    await app.close();
  }
}
