/** The JSON body of an event as delivered and listed: `{id, type, createdAt, project, data}` with `data` spliced in as stored. */
export function eventJson(e: { id: string; type: string; createdAt: Date; project: string; data: string }): string {
  return `{"id":${JSON.stringify(e.id)},"type":${JSON.stringify(e.type)},"createdAt":${JSON.stringify(e.createdAt.toISOString())},"project":${JSON.stringify(e.project)},"data":${e.data}}`;
}
