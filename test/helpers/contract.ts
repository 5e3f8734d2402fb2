import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import assert from 'node:assert/strict';

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };

/**
 * Checks responses against the served OpenAPI document: the status must be
 * documented for the operation (or be a path-level 404/405), and the body
 * must validate against that status's schema.
 */
/** One Ajv (and its compiled validators) per distinct document in the process: each harness would compile the same again. */
const compilers = new Map<string, { ajv: Ajv2020; cache: Map<string, ValidateFunction> }>();

function compilerFor(doc: Doc): { ajv: Ajv2020; cache: Map<string, ValidateFunction> } {
  const text = JSON.stringify(doc);
  let compiler = compilers.get(text);
  if (!compiler) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(JSON.parse(text) as object, 'openapi');
    compilers.set(text, (compiler = { ajv, cache: new Map() }));
  }
  return compiler;
}

export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly cache: Map<string, ValidateFunction>;
  private readonly templates: { method: string; regex: RegExp; path: string }[] = [];
  checked = 0;

  /** `prefix`: the path the document's paths are under (`/v1`, or `/api/v1` for the management API). */
  constructor(
    private readonly doc: Doc,
    private readonly prefix = '/v1',
  ) {
    ({ ajv: this.ajv, cache: this.cache } = compilerFor(doc));
    for (const [path, ops] of Object.entries(doc.paths)) {
      const regex = new RegExp(`^${prefix}${path.replace(/\{[^}]+\}/g, '[^/]*')}$`);
      for (const method of Object.keys(ops)) this.templates.push({ method: method.toUpperCase(), regex, path });
    }
  }

  private validator(pointer: string): ValidateFunction {
    let v = this.cache.get(pointer);
    if (!v) {
      v = this.ajv.compile({ $ref: `openapi#${pointer}` });
      this.cache.set(pointer, v);
    }
    return v;
  }

  private errorValidator(): ValidateFunction {
    return this.validator('/components/schemas/Error');
  }

  /** Asserts one response matches the contract; returns the parsed body. */
  check(method: string, url: string, status: number, contentType: string | undefined, body: string): unknown {
    const path = url.split('?')[0] ?? '';
    const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    this.checked++;
    if (method.toUpperCase() === 'HEAD' || status === 204) return undefined;
    if (!path.startsWith(`${this.prefix}/`) || path === `${this.prefix}/openapi.json`) {
      if (status >= 400) this.assertError(status, contentType, body, `${method} ${url}`);
      // Probes outside the API (/metrics is Prometheus text) are JSON only when they say so.
      return body && /^application\/json/.test(contentType ?? '') ? JSON.parse(body) : body;
    }
    const op = this.templates.find((t) => t.method === m && t.regex.test(path));
    if (!op) {
      assert.ok(
        [400, 401, 404, 405, 413, 415, 429, 500, 503].includes(status),
        `${method} ${url}: undocumented route answered ${String(status)}`,
      );
      return this.assertError(status, contentType, body, `${method} ${url}`);
    }
    const responses = this.doc.paths[op.path]?.[m.toLowerCase()]?.responses ?? {};
    assert.ok(String(status) in responses, `${method} ${url}: status ${String(status)} is not documented for ${op.path}; body ${body}`);
    // A documented answer without a body (a redirect) has none.
    const documented = responses[String(status)] as { content?: unknown } | undefined;
    if (documented?.content === undefined && status < 400) {
      assert.equal(body, '', `${method} ${url}: ${String(status)} is documented without a body`);
      return undefined;
    }
    assert.match(contentType ?? '', /^application\/json/, `${method} ${url}: content-type ${String(contentType)}`);
    const parsed: unknown = JSON.parse(body);
    const pointer = `/paths/${op.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${m.toLowerCase()}/responses/${String(status)}/content/application~1json/schema`;
    const v = this.validator(pointer);
    assert.ok(
      v(parsed),
      `${method} ${url} ${String(status)}: body does not match the contract: ${this.ajv.errorsText(v.errors)}; body ${body}`,
    );
    return parsed;
  }

  /** Asserts an error answer is JSON with the Error body and the HTTP status in it; returns the parsed body. */
  assertError(status: number, contentType: string | undefined, body: string, what: string): unknown {
    assert.match(contentType ?? '', /^application\/json/, `${what}: error content-type ${String(contentType)}`);
    const parsed = JSON.parse(body) as { status?: number };
    const v = this.errorValidator();
    assert.ok(v(parsed), `${what}: error body does not match Error: ${this.ajv.errorsText(v.errors)}; body ${body}`);
    assert.equal(parsed.status, status, `${what}: Error.status differs from the HTTP status`);
    return parsed;
  }
}
