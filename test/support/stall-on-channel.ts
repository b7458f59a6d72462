import { subscribe, unsubscribe } from 'node:diagnostics_channel';

/**
 * Holds the thread for `ms` whenever `channel` publishes (only the first time
 * with `once`), as a loaded machine may: no timer fires and no socket is read
 * meanwhile. undici publishes 'undici:client:beforeConnect' before it opens a
 * connection and 'undici:request:bodySent' once a request's last byte went to
 * the socket. Returns the function that stops it.
 */
export function stallOnChannel(channel: string, ms: number, options: { once?: boolean } = {}): () => void {
  let armed = true;
  const onMessage = (): void => {
    if (!armed) return;
    if (options.once) armed = false;
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // Busy on purpose.
    }
  };
  subscribe(channel, onMessage);
  return () => unsubscribe(channel, onMessage);
}
