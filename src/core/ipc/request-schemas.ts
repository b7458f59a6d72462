import { z } from 'zod';
import type { Method, RequestOf } from '../../shared/ipc.ts';

/**
 * One zod schema per IPC method. `.strict()` rejects unknown keys, so a
 * compromised renderer cannot smuggle extra fields (or __proto__) into a handler.
 * The `satisfies` clause ties each schema to the contract's request type.
 */
export const requestSchemas = {
  'app:getInfo': z.object({}).strict(),
} satisfies { [M in Method]: z.ZodType<RequestOf<M>> };
