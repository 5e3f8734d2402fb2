import { buildApp } from '../app.js';
import { defaultConfig } from '../config.js';
import { PUBLISHED_SERVERS } from '../published-contract.js';

/** The published management contract (docs/management-openapi.json): the document served with the documented example servers. */
export async function publishedManagementDocument(): Promise<Record<string, unknown>> {
  const app = await buildApp({ config: defaultConfig({ databaseUrl: 'sqlite::memory:', ...PUBLISHED_SERVERS }) });
  try {
    return (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  } finally {
    await app.close();
  }
}
