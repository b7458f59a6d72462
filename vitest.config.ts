import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three kinds of test, each in the runtime it targets: the core, the Electron
// glue (electron mocked) and build checks in Node; components in happy-dom;
// end-to-end in headless Chromium driven from Node.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/core/**/*.test.ts', 'test/shared/**/*.test.ts', 'test/main/**/*.test.ts', 'test/preload/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/build/**/*.test.ts'],
          testTimeout: 20_000,
          setupFiles: ['test/support/fail-on-missing-keys.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['test/renderer/**/*.test.tsx', 'test/renderer/**/*.test.ts'],
          setupFiles: ['test/support/fail-on-missing-keys.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time: this machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
