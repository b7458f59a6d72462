import type { z } from 'zod';

/**
 * zod-free readers of the answer a schema usually sees. By the time an answer
 * arrives, zod's code has gone cold, and its steps cost a call more than the
 * rest of reading the answer; a schema read on every poll may register a
 * reader for the shape the service writes. The reader returns undefined for
 * anything else, and the schema then reads the data and says what is wrong in
 * its own words. A reader gives exactly what its schema gives
 * (test/core/api/plain-readers.test.ts); it only skips zod's steps.
 */
export type PlainReader<T> = (data: unknown) => T | undefined;

const readers = new WeakMap<z.ZodType, PlainReader<unknown>>();

/** `schema`, read by `reader` first. */
export function withPlainReader<S extends z.ZodType>(schema: S, reader: PlainReader<z.output<S>>): S {
  readers.set(schema, reader);
  return schema;
}

/** `schema.safeParse(data)`, by its plain reader when it has one that recognises the data. */
export function readData<T>(schema: z.ZodType<T>, data: unknown): z.ZodSafeParseResult<T> {
  const reader = readers.get(schema) as PlainReader<T> | undefined;
  const plain = reader?.(data);
  return plain === undefined ? schema.safeParse(data) : { success: true, data: plain };
}
