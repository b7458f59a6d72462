import type { Method, RequestOf, ResponseOf } from '../../shared/ipc.ts';

export type Handler<M extends Method> = (request: RequestOf<M>) => Promise<ResponseOf<M>>;

/** A missing handler is a compile error: the table must cover every method. */
export type HandlerTable = { [M in Method]: Handler<M> };
