// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The layer rules of ARCHITECTURE.md, enforced here (test/build/layering.test.ts
 * proves they fire):
 *   electron      only in src/main and src/preload
 *   keytar        only in the keychain adapter
 *   src/renderer  imports src/shared and browser packages only
 *   src/core      never imports main, preload, renderer or cli
 *   src/shared    imports no other layer and no Node built-ins
 */
const electron = { name: 'electron', message: 'Electron is glue: import it only in src/main or src/preload.' };
const keytar = { name: 'keytar', message: 'keytar is loaded lazily by src/core/credentials/keytar-store.ts only.' };
const layer = (dir, why) => ({ group: [`**/${dir}/**`, `**/${dir}`], message: why });
const nodeBuiltins = { regex: '^node:', message: 'Browser code cannot use Node built-ins.' };

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.tools/**', 'test-output/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-restricted-imports': ['error', { paths: [electron, keytar] }],
    },
  },
  {
    files: ['src/main/**', 'src/preload/**', 'test/main/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [keytar] }] },
  },
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron, keytar],
          patterns: [
            layer('main', 'src/core must not depend on the Electron glue.'),
            layer('preload', 'src/core must not depend on the preload.'),
            layer('renderer', 'src/core must not depend on the renderer.'),
            layer('cli', 'src/core must not depend on the CLI.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/credentials/keytar-store.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electron] }] },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron, keytar],
          patterns: [
            layer('core', 'src/shared is imported by every layer and imports none.'),
            layer('main', 'src/shared is imported by every layer and imports none.'),
            layer('renderer', 'src/shared is imported by every layer and imports none.'),
            layer('preload', 'src/shared is imported by every layer and imports none.'),
            nodeBuiltins,
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**', 'test/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electron, keytar],
          patterns: [
            layer('core', 'The renderer reaches the core only through the bridge (src/shared/ipc.ts).'),
            layer('main', 'The renderer reaches main only through the bridge.'),
            layer('preload', 'The renderer reaches the preload only through window.energyTray.'),
            layer('cli', 'The renderer cannot use the CLI.'),
            nodeBuiltins,
          ],
        },
      ],
    },
  },
);
