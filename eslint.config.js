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
/** The dashboard's files converted so far (the rest join as they are converted). */
const CATALOGUE_ONLY_COMPONENTS = [
  'src/renderer/src/components/Popover.tsx',
  'src/renderer/src/components/PopoverWallets.tsx',
  'src/renderer/src/components/wallets/EnergyGauge.tsx',
  'src/renderer/src/components/wallets/use-top-up.tsx',
  'src/renderer/src/components/Header.tsx',
  'src/renderer/src/components/Overview.tsx',
  'src/renderer/src/components/BalanceCard.tsx',
  'src/renderer/src/components/ServiceBanner.tsx',
  'src/renderer/src/components/Toasts.tsx',
  'src/renderer/src/components/OrderProgress.tsx',
  'src/renderer/src/components/OrderStateChip.tsx',
  'src/renderer/src/components/order-text.ts',
  'src/renderer/src/components/PresetQuote.tsx',
  'src/renderer/src/components/PresetsPanel.tsx',
  'src/renderer/src/components/RelativeTime.tsx',
  'src/renderer/src/components/Money.tsx',
  'src/renderer/src/components/LanguagePicker.tsx',
  'src/renderer/src/components/RichText.tsx',
  'src/renderer/src/components/wallets/SavingsCard.tsx',
  'src/renderer/src/components/wallets/WalletCard.tsx',
  'src/renderer/src/components/ErrorMessage.tsx',
  'src/renderer/src/components/AddressField.tsx',
  'src/renderer/src/components/ResourceField.tsx',
  'src/renderer/src/components/BuyPanel.tsx',
  'src/renderer/src/components/ConfirmOrder.tsx',
  'src/renderer/src/components/PaidOrderFeedback.tsx',
  'src/renderer/src/components/Welcome.tsx',
  'src/renderer/src/components/ConnectForm.tsx',
  'src/renderer/src/components/OrdersPanel.tsx',
  'src/renderer/src/components/OrderList.tsx',
  'src/renderer/src/components/OrderDetail.tsx',
  'src/renderer/src/components/OrderFilters.tsx',
  'src/renderer/src/components/order-filter.ts',
  'src/renderer/src/components/SpendTotals.tsx',
  'src/renderer/src/components/SettingsPanel.tsx',
  'src/renderer/src/components/TrxSettingField.tsx',
  'src/renderer/src/components/NodeSettings.tsx',
  'src/renderer/src/components/AssistantSettings.tsx',
  'src/renderer/src/components/QuoteLine.tsx',
  'src/renderer/src/components/SmartPricePanel.tsx',
  'src/renderer/src/components/PresetEditor.tsx',
  'src/renderer/src/components/wallets/wallet-text.ts',
  'src/renderer/src/components/wallets/WalletForm.tsx',
  'src/renderer/src/components/wallets/WalletsPanel.tsx',
  'src/renderer/src/components/wallets/EstimateForm.tsx',
  'src/renderer/src/components/wallets/TopUpPanel.tsx',
  'src/renderer/src/components/rules/DecisionList.tsx',
  'src/renderer/src/components/rules/RuleCard.tsx',
  'src/renderer/src/components/rules/RulesPanel.tsx',
  'src/renderer/src/components/rules/RuleForm.tsx',
  'src/renderer/src/components/rules/decision-text.ts',
  'src/renderer/src/components/charts/SpendChart.tsx',
  'src/renderer/src/components/charts/PriceSparkline.tsx',
  'src/renderer/src/components/MiddleEllipsis.tsx',
  'src/renderer/src/components/AddressFull.tsx',
  'src/renderer/src/components/CopyButton.tsx',
  'src/renderer/src/components/TxLink.tsx',
  'src/renderer/src/App.tsx',
  'src/renderer/src/messages.ts',
];
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
    files: ['src/main/**', 'src/preload/**', 'test/main/**'],
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
