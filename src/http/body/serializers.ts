import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { schemaKey } from './validation.js';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = (doc: unknown) => string;

const build = SerializerSelector();
/** Serializers already built, by the shared schemas and options they were built with, then by schema. */
const built = new Map<string, { byText: Map<string, Serializer>; bySchema: WeakMap<object, Serializer> }>();

/**
 * Fastify's response serializers (fast-json-stringify), one per distinct schema
 * in the process instead of one per route and status: every route answers its
 * errors with the same Error schema, so building each anew was most of the
 * app's start-up (510 serializers for 37 schemas). A serializer is a function
 * of its schema, the shared schemas and the options only.
 */
export function sharedSerializers(): SerializerFactory {
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const setting = schemaKey({ externalSchemas, options });
    let cache = built.get(setting);
    if (!cache) built.set(setting, (cache = { byText: new Map(), bySchema: new WeakMap() }));
    const { byText, bySchema } = cache;
    return (route) => {
      const schema = route.schema;
      const object = schema !== null && typeof schema === 'object' ? schema : undefined;
      const known = object && bySchema.get(object);
      if (known) return known;
      const key = schemaKey(schema);
      let serializer = byText.get(key);
      if (!serializer) byText.set(key, (serializer = compile(route)));
      if (object) bySchema.set(object, serializer);
      return serializer;
    };
  };
}
