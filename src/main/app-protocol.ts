import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { APP_SCHEME, resolveAppPath } from './app-protocol-path.ts';

/**
 * Must run before app 'ready': app:// behaves like a secure, standard origin
 * (so CSP 'self' and same-origin rules apply to it). Vite emits
 * `<script type="module" crossorigin>`, which Chromium fetches in CORS mode,
 * hence supportFetchAPI and corsEnabled; the handler serves only the
 * renderer's static files, and the page's CSP still forbids every connection.
 */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
  ]);
}

/** Serves the renderer folder, and nothing outside it, on app://bundle/. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppPath(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).toString());
  });
}
