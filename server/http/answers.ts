import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * How answers are written, for every declared call at once (one switch, `VALIDATE_ANSWERS`):
 *
 * - checked (the default; tests, development, the e2e server): the answer is parsed by its contract
 *   schema and must already be exactly what the contract describes, to the byte: a field the contract
 *   does not have, a value it would transform, or another key order is a 500 naming the call. So the
 *   suites prove that every answer they saw is what production, which does not check, sends unchanged;
 * - plain (production, `VALIDATE_ANSWERS=false`): `JSON.stringify` of the answer, without parsing it
 *   again on the way out (about a tenth of a catalogue page's time, docs/perf.md).
 */
export function answerSerializer(checked: boolean): FastifySerializerCompiler<unknown> {
  if (!checked) return () => (data) => JSON.stringify(data);
  return (route) => {
    const validated = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data) => {
      const json = validated(data);
      if (json !== JSON.stringify(data))
        throw new Error(`The answer of ${route.method} ${route.url} is not exactly its contract`);
      return json;
    };
  };
}
