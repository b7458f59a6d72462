// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The layer rules of docs/architecture.md, enforced here (test/build/layering.test.ts
 * proves they fire):
 *   electron      only in src/main and src/preload
 *   keytar        only in the keychain adapter
 *   src/renderer  imports src/shared and browser packages only
 *   src/core      never imports main, preload, renderer or cli, and its
 *                 modules import one another only in CORE_MODULE_ORDER's direction
 *   src/main      reaches the core through core/app/ports.ts and core/ipc only;
 *                 the composition root (src/main/index.ts) also builds the core
 *   src/shared    imports no other layer and no Node built-ins
 *   components    read the store through selectors and call state/actions.ts,
 *                 never the bridge or the store's setState
 */
const electron = { name: 'electron', message: 'Electron is glue: import it only in src/main or src/preload.' };
const keytar = { name: 'keytar', message: 'keytar is loaded lazily by src/core/credentials/keytar-store.ts only.' };
const layer = (dir, why) => ({ group: [`**/${dir}/**`, `**/${dir}`], message: why });
const nodeBuiltins = { regex: '^node:', message: 'Browser code cannot use Node built-ins.' };

/**
 * The modules of src/core, each with the modules it may import (src/shared is
 * open to all). Generic pieces at the bottom, transports at the top:
 *   base ← api, chain ← settings, credentials, orders, presets, simulator, wallets, rules, assistant ← app ← ipc
 * chain, wallets and rules are the rooms for the TRON node client, watched
 * wallets and auto top-up rules; listed now so that they land in order.
 */
const CORE_MODULE_ORDER = {
  base: [],
  api: ['base'],
  chain: ['base'],
  settings: ['base'],
  credentials: ['base', 'settings'],
  orders: ['base', 'api', 'chain'],
  presets: ['base', 'api', 'orders'],
  simulator: ['base', 'api', 'chain'],
  wallets: ['base', 'api', 'chain', 'orders'],
  rules: ['base', 'api', 'chain', 'orders', 'presets', 'wallets'],
  assistant: ['base', 'api', 'chain', 'orders', 'wallets'],
  app: ['base', 'api', 'chain', 'settings', 'credentials', 'orders', 'presets', 'simulator', 'wallets', 'rules', 'assistant'],
  ipc: ['base', 'api', 'chain', 'settings', 'credentials', 'orders', 'presets', 'simulator', 'wallets', 'rules', 'assistant', 'app'],
};
const coreLayers = [
  layer('main', 'src/core must not depend on the Electron glue.'),
  layer('preload', 'src/core must not depend on the preload.'),
  layer('renderer', 'src/core must not depend on the renderer.'),
  layer('cli', 'src/core must not depend on the CLI.'),
];
/** no-restricted-imports options for the files of one core module (`paths`: the packages it may not use). */
const coreModuleImports = (module, paths) => {
  const allowed = CORE_MODULE_ORDER[module];
  const why = `core/${module} may import only ${allowed.join(', ') || 'src/shared'} (CORE_MODULE_ORDER in eslint.config.js).`;
  const others = Object.keys(CORE_MODULE_ORDER).filter((other) => other !== module && !allowed.includes(other));
  return ['error', { paths, patterns: [...coreLayers, ...others.map((other) => layer(other, why))] }];
};
const coreModuleRules = Object.keys(CORE_MODULE_ORDER).map((module) => ({
  files: [`src/core/${module}/**`],
  rules: { 'no-restricted-imports': coreModuleImports(module, [electron, keytar]) },
}));

/**
 * The feature folders of src/core/app, each with the folders it may import,
 * bottom first, as CORE_MODULE_ORDER orders core (docs/architecture.md).
 * The root holds only the composition: its ports.ts and app-error.ts are open
 * to every folder, the rest of it (app-wiring.ts, app-service.ts, the
 * headless pieces) to none. A folder not listed here fails the lint.
 * `owns` is the folder's one-line header: every file in it starts with
 * `// app/<folder>: <owns>`.
 */
const APP_FEATURES = {
  approvals: {
    owns: 'the questions main asks before money moves or a setting is raised, and their words.',
    imports: [],
  },
  notify: {
    owns: 'native notifications and in-app notices, and their words.',
    imports: [],
  },
  session: {
    owns: 'the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.',
    imports: ['approvals', 'notify'],
  },
  orders: {
    owns: 'the paid-order lifecycle (placing, settling, the daily limit), quotes, order views and reports.',
    imports: ['approvals', 'notify', 'session'],
  },
  presets: {
    owns: 'the one-click preset buys of each profile.',
    imports: ['approvals', 'notify', 'session', 'orders'],
  },
  assistant: {
    owns: 'what an AI assistant (energy-tray mcp) may buy: the allowance, its approval and its refusals\' notices.',
    imports: ['approvals', 'notify', 'session', 'orders'],
  },
  wallets: {
    owns: 'watched wallets, their readings, the burn price, savings and wallet top-ups.',
    imports: ['approvals', 'notify', 'session', 'orders'],
  },
  'auto-top-up': {
    owns: 'the rules\' storage, runtime, decisions and views around the pure engine in core/rules.',
    imports: ['approvals', 'notify', 'session', 'orders', 'wallets'],
  },
  tray: {
    owns: 'the tray menu and its presenter, every tray click, and the window and polling actions.',
    imports: ['approvals', 'notify', 'session', 'orders', 'presets', 'assistant', 'wallets', 'auto-top-up'],
  },
};
const APP_FEATURE_ORDER = Object.fromEntries(Object.entries(APP_FEATURES).map(([folder, { imports }]) => [folder, imports]));
const APP_OPEN_ROOT = ['ports', 'app-error'];
/** Import specifiers as written in src/core/app/<folder>/<file>.ts: `../<sibling>/…` is another folder, `../../<module>/…` core. */
const appFeatureImports = (folder) => {
  const allowed = APP_FEATURE_ORDER[folder];
  const others = Object.keys(APP_FEATURE_ORDER).filter((other) => other !== folder && !allowed.includes(other));
  const why = `app/${folder} may import only ${allowed.join(', ') || 'the root\'s ports and errors'} (APP_FEATURE_ORDER in eslint.config.js).`;
  const [, options] = coreModuleImports('app', [electron, keytar]);
  const root = `^\\.\\./(?!(${APP_OPEN_ROOT.join('|')})\\.ts$)[^/]+$`;
  const patterns = [...options.patterns, { regex: root, message: 'The root of core/app is the composition: features import only its ports.ts and app-error.ts.' }];
  if (others.length > 0) patterns.push({ regex: `^\\.\\./(${others.join('|')})/`, message: why });
  return ['error', { ...options, patterns }];
};
const appFeatureRules = Object.keys(APP_FEATURE_ORDER).map((folder) => ({
  files: [`src/core/app/${folder}/**`],
  rules: { 'no-restricted-imports': appFeatureImports(folder) },
}));
/** A folder of src/core/app that APP_FEATURE_ORDER does not list: every file in it is an error, not a free pass. */
const layoutPlugin = {
  rules: {
    /** The paid-order lifecycle has one entry, placePaidOrder (core/orders/paid-order.ts): its journal steps are not called around it. */
    'one-paid-path': {
      meta: { type: 'problem', schema: [] },
      create: (context) => ({
        ImportDeclaration: (node) => {
          if (node.importKind === 'type' || !/(^|\/)submit-paid-order\.ts$/.test(node.source.value)) return;
          if (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')) return;
          context.report({ node, message: 'A paid order goes through placePaidOrder (core/orders/paid-order.ts), which applies the daily limit and asks first.' });
        },
      }),
    },
    /** Every file of a feature folder starts with the folder's header: what the folder owns (APP_FEATURES). */
    'feature-header': {
      meta: { type: 'problem', schema: [] },
      create: (context) => ({
        Program: (node) => {
          const folder = /src\/core\/app\/([^/]+)\//.exec(context.filename.replaceAll('\\', '/'))?.[1];
          const feature = folder === undefined ? undefined : APP_FEATURES[folder];
          if (!feature) return;
          const header = `// app/${folder}: ${feature.owns}`;
          if (context.sourceCode.lines[0] === header) return;
          context.report({ node, loc: { line: 1, column: 0 }, message: `A file of app/${folder} starts with its folder's header (APP_FEATURES in eslint.config.js): ${header}` });
        },
      }),
    },
    'unlisted-app-folder': {
      meta: { type: 'problem', schema: [] },
      create: (context) => ({
        Program: (node) => context.report({ node, message: 'This folder of src/core/app is not in APP_FEATURE_ORDER (eslint.config.js): list it with the folders it may import.' }),
      }),
    },
  },
};
const onePaidPath = {
  files: ['src/**/*.ts'],
  ignores: ['src/core/orders/**'],
  plugins: { layout: layoutPlugin },
  rules: { 'layout/one-paid-path': 'error' },
};
const featureHeaders = {
  files: ['src/core/app/*/**/*.ts'],
  plugins: { layout: layoutPlugin },
  rules: { 'layout/feature-header': 'error' },
};
const unlistedAppFolders = {
  files: ['src/core/app/*/**'],
  ignores: Object.keys(APP_FEATURE_ORDER).map((folder) => `src/core/app/${folder}/**`),
  plugins: { layout: layoutPlugin },
  rules: { 'layout/unlisted-app-folder': 'error' },
};
const rendererLayers = [
  layer('core', 'The renderer reaches the core only through the bridge (src/shared/ipc.ts).'),
  layer('main', 'The renderer reaches main only through the bridge.'),
  layer('preload', 'The renderer reaches the preload only through window.energyTray.'),
  layer('cli', 'The renderer cannot use the CLI.'),
  nodeBuiltins,
];
const mainReach = (allowed, why) => ({ regex: `/core/(?!${allowed})`, message: why });
const MAIN_CORE = 'app/ports\\.ts$|ipc/';

/**
 * Words a person reads come from the catalogues (src/shared/i18n/locales),
 * never from a literal in a converted file: a string with a capitalised word
 * or two words separated by a space is refused there. Identifiers, option and
 * command names, units and placeholders ('energy', 'buy_energy', 'TRX',
 * '--json', 'commands.balance.summary') pass. A literal that is not for
 * people (an error class's name, a log line) says so with an eslint comment.
 */
const HUMAN_WORDS = '/(^[A-Z][a-z]+)|([a-z]{2,}[,;:.]? +[a-z]+)/';
/** A command's synopsis and example are command lines, the same in every language. */
const COMMAND_LINE_PROPERTY = '/^(synopsis|example)$/';
const noLiteralWords = [
  'error',
  { selector: `Literal[value=${HUMAN_WORDS}]:not([parent.type='Property'][parent.key.name=${COMMAND_LINE_PROPERTY}])`, message: 'User-facing words come from the catalogue: t(\'key\') (src/shared/i18n/locales/en).' },
  { selector: `TemplateElement[value.raw=${HUMAN_WORDS}]:not([parent.parent.type='Property'][parent.parent.key.name=${COMMAND_LINE_PROPERTY}])`, message: 'User-facing words come from the catalogue: t(\'key\', { values }) (src/shared/i18n/locales/en).' },
];
/**
 * What the core says reaches people as a catalogue key and values
 * (src/shared/i18n/message.ts), worded in their language where it is shown:
 * no error constructor in src/core takes words (`new …Error('…')`, or a class
 * extending an Error passing words to `super`), and the decision builders
 * (DECISION_BUILDERS) have no literal words at all. A bug's error carries a
 * code (InvariantError). Logs may keep English: they are not in these places.
 * The simulator plays the service and the TRON node: its words are theirs.
 */
const inErrorConstructor = (node) => [
  `NewExpression[callee.name=/Error$/] ${node}`,
  `ClassDeclaration[superClass.name=/Error$/] CallExpression[callee.type='Super'] ${node}`,
];
const ERROR_WORDS_MESSAGE =
  "An error carries a catalogue key and values, not words: new XError(msg('errors:…', { … })) (src/shared/i18n/locales/en/errors.json).";
const NO_ERROR_WORDS = [
  ...inErrorConstructor(`Literal[value=${HUMAN_WORDS}]`),
  ...inErrorConstructor(`TemplateElement[value.raw=${HUMAN_WORDS}]`),
].map((selector) => ({ selector, message: ERROR_WORDS_MESSAGE }));
/** The rule engine's decision builders and the rule checks: every word is a message of the decisions or errors catalogue. */
const DECISION_BUILDERS = ['src/core/rules/**/*.ts'];
/** The areas converted to the catalogues so far: the CLI's human output, main's tray, notifications and approval dialog frame; the renderer joins when converted. */
const CATALOGUE_ONLY_FILES = [
  'src/cli/**/*.ts',
  'src/core/app/tray/tray-model.ts',
  'src/core/app/notify/order-notification.ts',
  'src/core/app/notify/notifications.ts',
  'src/core/app/approvals/approval-text.ts',
];
/**
 * The dashboard's converted components: besides string literals, no Latin
 * words as JSX text and none in the attributes a person reads or hears
 * (aria-label, title, placeholder, alt). Class names are not words for people.
 */
const NOT_CLASS_NAME = ":not(JSXAttribute[name.name='className'] *)";
const noLiteralWordsInComponents = [
  'error',
  { selector: `Literal[value=${HUMAN_WORDS}]${NOT_CLASS_NAME}`, message: 'User-facing words come from the catalogue: t(\'key\') (src/shared/i18n/locales/en/renderer.json).' },
  { selector: `TemplateElement[value.raw=${HUMAN_WORDS}]${NOT_CLASS_NAME}`, message: 'User-facing words come from the catalogue: t(\'key\', { values }).' },
  { selector: 'JSXText[value=/[A-Za-z]{2,}/]:not([value=/^\\s*(Energy Tray|TRX|USDT)\\s*$/])', message: 'Text in JSX comes from the catalogue: {t(\'key\')} (useT in src/renderer/src/i18n.ts).' },
  { selector: "JSXAttribute[name.name=/^(aria-label|title|placeholder|alt)$/] > Literal", message: 'A label a person reads or hears comes from the catalogue: aria-label={t(\'key\')}.' },
];
/**
 * Every file of the dashboard's components, by glob: a new component is
 * covered the day it is written, not when someone remembers to list it.
 */
const CATALOGUE_ONLY_COMPONENTS = ['src/renderer/src/components/**/*.{ts,tsx}', 'src/renderer/src/App.tsx', 'src/renderer/src/messages.ts'];
/** One writer of the dashboard's state (see the block for components below). */
const ONE_WRITER = [
  {
    selector: "CallExpression[callee.name='useAppStore'][arguments.length=0]",
    message: 'Select a slice: useAppStore((s) => s.field), or useShallow for several fields.',
  },
  {
    selector: "MemberExpression[object.name='useAppStore'][property.name=/^(setState|getState)$/]",
    message: 'Components read through a selector; only state/events.ts and state/actions.ts write the store.',
  },
];
const ROOT_CORE = `${MAIN_CORE}|app/app-service\\.ts$|credentials/keytar-store\\.ts$|base/(logger|secret-registry)\\.ts$`;

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
    // Lines of at most 140 characters in src (Prettier at print width 140 wrapped what it could; the rest by hand).
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-len': ['error', { code: 140, tabWidth: 2, ignoreUrls: false, ignoreStrings: false, ignoreTemplateLiterals: false }] },
  },
  {
    files: ['src/main/**', 'src/preload/**', 'test/main/**', 'test/support/fake-electron.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [keytar] }] },
  },
  {
    files: ['src/main/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [keytar], patterns: [mainReach(MAIN_CORE, 'src/main reaches the core through core/app/ports.ts (and core/ipc to register).')] },
      ],
    },
  },
  {
    files: ['src/main/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [keytar], patterns: [mainReach(ROOT_CORE, 'The composition root builds the facade and its adapters; anything else goes through core/app/ports.ts.')] },
      ],
    },
  },
  {
    files: ['src/core/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [electron, keytar], patterns: coreLayers }] },
  },
  ...coreModuleRules,
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/simulator/**'],
    rules: { 'no-restricted-syntax': ['error', ...NO_ERROR_WORDS] },
  },
  { files: DECISION_BUILDERS, rules: { 'no-restricted-syntax': [...noLiteralWords, ...NO_ERROR_WORDS] } },
  ...appFeatureRules,
  unlistedAppFolders,
  featureHeaders,
  onePaidPath,
  { files: CATALOGUE_ONLY_FILES, rules: { 'no-restricted-syntax': [...noLiteralWords, ...NO_ERROR_WORDS] } },
  {
    files: ['src/core/credentials/keytar-store.ts'],
    rules: { 'no-restricted-imports': coreModuleImports('credentials', [electron]) },
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
      'no-restricted-imports': ['error', { paths: [electron, keytar], patterns: rendererLayers }],
    },
  },
  {
    // One writer of the dashboard's state: components read slices and call state/actions.ts.
    files: ['src/renderer/src/components/**', 'src/renderer/src/hooks/**', 'src/renderer/src/App.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron, keytar],
          patterns: [...rendererLayers, { group: ['**/bridge.ts', '**/bridge'], message: 'Components call state/actions.ts; only the state modules use the bridge.' }],
        },
      ],
      'no-restricted-syntax': ['error', ...ONE_WRITER],
    },
  },
  {
    // A rule's options are replaced, not merged, by a later block: the converted components keep the one-writer selectors.
    files: CATALOGUE_ONLY_COMPONENTS,
    rules: { 'no-restricted-syntax': [...noLiteralWordsInComponents, ...ONE_WRITER] },
  },
);
