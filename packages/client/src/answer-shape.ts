/**
 * What a management answer must be, as the management contract documents it, reduced to what a reader of the
 * answer relies on: JSON types, required fields, array items and alternatives (generated from the contract:
 * src/generated/management-shapes.ts). Formats, enums and bounds are not checked.
 */
export interface Shape {
  type?: string;
  items?: Shape;
  required?: Record<string, Shape>;
  anyOf?: Shape[];
  $ref?: string;
}

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'bigint' ? 'number' : typeof value;

function fits(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  if (type === 'integer') return (actual === 'number' && Number.isInteger(value)) || typeof value === 'bigint';
  return actual === type;
}

/** The first way `value` differs from `shape` (`user.email is missing`), or null when it fits. */
export function shapeProblem(value: unknown, shape: Shape, refs: Readonly<Record<string, Shape>>, at = 'the answer'): string | null {
  if (shape.$ref !== undefined) {
    const target = refs[shape.$ref];
    return target ? shapeProblem(value, target, refs, at) : null;
  }
  if (shape.anyOf) {
    const problems = shape.anyOf.map((s) => shapeProblem(value, s, refs, at));
    return problems.includes(null) ? null : (problems[0] ?? null);
  }
  if (shape.type !== undefined && !fits(value, shape.type)) return `${at} is ${typeOf(value)}, not ${shape.type}`;
  if (shape.items && Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const problem = shapeProblem(item, shape.items, refs, `${at}[${String(i)}]`);
      if (problem) return problem;
    }
  }
  if (shape.required && typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const [name, field] of Object.entries(shape.required)) {
      if (!Object.hasOwn(object, name)) return `${at}.${name} is missing`;
      const problem = shapeProblem(object[name], field, refs, `${at}.${name}`);
      if (problem) return problem;
    }
  }
  return null;
}
