/**
 * The one IPC contract between the dashboard (renderer) and the main process.
 *
 * Every method is declared once here with its request and response type; main
 * validates each request at runtime (src/core/ipc/request-schemas.ts) and the
 * preload derives window.energyTray from METHOD_NAMES, so the three sides cannot
 * drift apart without a compile error. This file has no runtime dependencies so
 * that the renderer, preload and core can all import it.
 */

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
}

/** Method name → request and response. Every request is exactly one object. */
export interface IpcMethods {
  'app:getInfo': { request: Record<string, never>; response: AppInfo };
}

/** Event name → payload pushed from main to the renderer. */
export interface IpcEvents {
  'app:ping': { at: number };
}

export type Method = keyof IpcMethods;
export type EventName = keyof IpcEvents;
export type RequestOf<M extends Method> = IpcMethods[M]['request'];
export type ResponseOf<M extends Method> = IpcMethods[M]['response'];

/**
 * A record rather than an array so that adding a method to IpcMethods without
 * listing it here is a type error (satisfies checks completeness both ways).
 */
const METHOD_FLAGS = {
  'app:getInfo': true,
} as const satisfies Record<Method, true>;

export const METHOD_NAMES = Object.keys(METHOD_FLAGS) as Method[];

const EVENT_FLAGS = {
  'app:ping': true,
} as const satisfies Record<EventName, true>;

export const EVENT_NAMES = Object.keys(EVENT_FLAGS) as EventName[];

export type IpcErrorCode =
  | 'invalid_input'
  | 'forbidden_sender'
  | 'unknown_method'
  | 'authentication'
  | 'insufficient_balance'
  | 'not_found'
  | 'server'
  | 'network'
  | 'malformed_response'
  | 'rejected'
  | 'outcome_unknown'
  | 'keychain'
  | 'storage'
  | 'internal';

export interface IpcError {
  code: IpcErrorCode;
  message: string;
}

/** Handlers never throw across IPC (Electron would keep only the message); they return this. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** `app:getInfo` → `getInfo`: the name the bridge exposes on window.energyTray. */
export type BridgeName<M extends Method> = M extends `app:${infer N}` ? N : never;

export function bridgeName<M extends Method>(method: M): BridgeName<M> {
  return method.slice('app:'.length) as BridgeName<M>;
}

export type EnergyTrayApi = {
  [M in Method as BridgeName<M>]: (request: RequestOf<M>) => Promise<IpcResult<ResponseOf<M>>>;
} & {
  /** Subscribe to a pushed event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
};

/** The one channel main uses to push events; the event name travels in the message. */
export const EVENT_CHANNEL = 'app:event';

export interface EventMessage<E extends EventName = EventName> {
  event: E;
  payload: IpcEvents[E];
}
