const named = new Map<unknown, string>();

/**
 * Names a schema in /api/v1/openapi.json's components. Capabilities that add
 * management routes from their own folders (deploys, domains) name their
 * shapes with it, so the document refers to them instead of repeating them.
 */
export function managementComponent<T>(schema: T, name: string): T {
  named.set(schema, name);
  return schema;
}

/** The schemas named so far. */
export const namedComponents = (): ReadonlyMap<unknown, string> => named;
