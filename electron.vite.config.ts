import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The dev server injects inline scripts and a websocket for hot reload, which
 * the production CSP forbids. Relax it only under `electron-vite dev`; built
 * bundles keep index.html's strict policy (a test checks the built file).
 */
function devCsp(): Plugin {
  return {
    name: 'energy-tray-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'none'", "connect-src 'self' ws: http://localhost:*"),
  };
}

export default defineConfig({
  main: {
    build: {
      // keytar is a native addon: it must stay a runtime require, never bundled.
      externalizeDeps: true,
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        // Sandboxed preloads must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    plugins: [react(), devCsp()],
    build: {
      // The renderer is a browser bundle: no Node built-ins, verified by test/build.
      target: 'chrome130',
      // electron-vite leaves bundles unminified by default; the renderer ships minified.
      minify: true,
    },
  },
});
