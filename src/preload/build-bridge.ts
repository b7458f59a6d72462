import {
  EVENT_CHANNEL,
  EVENT_NAMES,
  METHOD_NAMES,
  bridgeName,
  type EnergyTrayApi,
  type EventName,
  type IpcEvents,
  type IpcResult,
} from '../shared/ipc.ts';

export interface BridgeTransport {
  invoke(channel: string, request: unknown): Promise<unknown>;
  subscribe(channel: string, listener: (message: unknown) => void): () => void;
}

function isEventMessage(message: unknown): message is { event: EventName; payload: unknown } {
  return (
    typeof message === 'object' &&
    message !== null &&
    'event' in message &&
    (EVENT_NAMES as readonly unknown[]).includes((message as { event: unknown }).event)
  );
}

/**
 * Builds window.energyTray from the contract's method list. The event object of
 * Electron never reaches the page; listeners get only the payload.
 */
export function buildBridge(transport: BridgeTransport): EnergyTrayApi {
  const api: Record<string, unknown> = {};
  for (const method of METHOD_NAMES) {
    api[bridgeName(method)] = (request: unknown) =>
      transport.invoke(method, request) as Promise<IpcResult<unknown>>;
  }
  api['on'] = <E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void): (() => void) =>
    transport.subscribe(EVENT_CHANNEL, (message) => {
      if (isEventMessage(message) && message.event === event) listener(message.payload as IpcEvents[E]);
    });
  return Object.freeze(api) as EnergyTrayApi;
}
