import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './create-db';

/*
 * A statement run on every request is built and compiled by Kysely once per shape, then run with each
 * call's values: building and compiling cost about a tenth of a catalogue page's time (docs/perf.md).
 * The shape is built with a placeholder (a Slot) in place of every value that varies, and each
 * placeholder is swapped for the call's value in the compiled parameters, so the SQL is exactly the
 * builder's. A shape's key must name everything that changes the SQL (which filters are set, how many
 * values a list has); values that are the same on every call may stay in the builder as they are.
 */

/** A placeholder for a value given at run time (typed as the value it stands for where the builder wants one). */
export class Slot {
  constructor(readonly name: string) {}
}

/** A placeholder where the builder wants a value of type T. */
export const slot = <T>(name: string): T => new Slot(name) as unknown as T;

interface Template {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * Per dialect: keyed by the handle's adapter, which a transaction or a held connection shares with the
 * handle it came from, so a statement run inside money transactions is built once too. (The compiled SQL
 * depends on the dialect and on plugins; Beacon's handles carry none.)
 */
const templates = new WeakMap<object, Map<string, Template>>();

/** Runs the statement `build` makes (with slots), built once per dialect and key, with these values. */
export async function runTemplated<R>(
  db: Db,
  key: string,
  build: () => Compilable<R>,
  values: ReadonlyMap<string, unknown>,
): Promise<R[]> {
  const adapter = db.getExecutor().adapter;
  let perDb = templates.get(adapter);
  if (!perDb) {
    perDb = new Map();
    templates.set(adapter, perDb);
  }
  let template = perDb.get(key);
  if (!template) {
    const compiled = build().compile();
    template = { sql: compiled.sql, parameters: compiled.parameters };
    perDb.set(key, template);
  }
  const parameters = template.parameters.map((p) => {
    if (!(p instanceof Slot)) return p;
    if (!values.has(p.name)) throw new Error(`No value for ${p.name} in ${key}`);
    return values.get(p.name);
  });
  return (await db.executeQuery<R>(CompiledQuery.raw(template.sql, parameters))).rows;
}
