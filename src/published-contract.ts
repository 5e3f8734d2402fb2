import { buildApp } from './app.js';
import { defaultConfig } from './config.js';

/** The published contracts: the documents built with the documented example servers. */
export const PUBLISHED_SERVERS = {
  baseUrl: 'https://api.petstore.example/v1',
  stagingBaseUrl: 'https://staging.petstore.example/v1',
};

const publishedApp = () => buildApp({ config: defaultConfig({ databaseUrl: 'sqlite::memory:', ...PUBLISHED_SERVERS }) });

/** The published /v1 contract (docs/openapi.json). */
export async function publishedDocument(): Promise<Record<string, unknown>> {
  const app = await publishedApp();
  try {
    return app.openapi();
  } finally {
    await app.close();
  }
}

/** The published management contract (docs/management-openapi.json): the document served with the documented example servers. */
export async function publishedManagementDocument(): Promise<Record<string, unknown>> {
  const app = await publishedApp();
  try {
    return (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  } finally {
    await app.close();
  }
}
