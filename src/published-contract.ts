import { buildApp } from './app.js';
import { defaultConfig } from './config.js';

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
