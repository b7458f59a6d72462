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

/**
 * The Node target of the main and preload bundles is set here rather than left
 * to electron-vite: 6.0.0's Electron→Node table ends at Electron 44, so for
 * Electron 45 it would guess. Electron 45 ships a newer Node 24 than Electron
 * 44's 24.18, so that is a safe lower bound (test/build/start-script.test.ts
 * fails if electron-vite's table neither knows the pinned Electron nor is
 * overridden here). The renderer names its Chromium target itself.
 */
export const ELECTRON_NODE_TARGET = 'node24.18';

export default defineConfig({
  main: {
    build: {
      target: ELECTRON_NODE_TARGET,
      // keytar is a native addon: it must stay a runtime require, never bundled.
      externalizeDeps: true,
    },
  },
  preload: {
    build: {
      target: ELECTRON_NODE_TARGET,
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
