import type { Environment } from '../../http/pipeline/environments.js';

/**
 * The JSON body of an event as delivered and listed: `{id, type, createdAt, project, environment, data}` with
 * `data` spliced in as stored. `project` is the project's slug in both environments.
 */
export function eventJson(e: {
  id: string;
  type: string;
  createdAt: Date;
  project: string;
  environment: Environment;
  data: string;
}): string {
  return `{"id":${JSON.stringify(e.id)},"type":${JSON.stringify(e.type)},"createdAt":${JSON.stringify(e.createdAt.toISOString())},"project":${JSON.stringify(e.project)},"environment":"${e.environment}","data":${e.data}}`;
}
