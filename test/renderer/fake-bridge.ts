import type {
  AppStateView,
  AssistantAllowanceView,
  EnergyTrayApi,
  EventName,
  IpcError,
  IpcErrorCode,
  IpcEvents,
  IpcResult,
  OrderPageView,
  OrderQueryView,
  OrderView,
  PresetView,
  SettingsView,
  NodeSettingsView,
  SavingsView,
  SpendChartView,
  TopUpQuoteView,
  WalletView,
} from '../../src/shared/ipc.ts';
import { englishText } from '../../src/shared/i18n/english-message.ts';
import { msg, type Message } from '../../src/shared/i18n/message.ts';
import { VALID_ADDRESS } from '../support/addresses.ts';

type Listener = (payload: unknown) => void;
type Methods = Omit<EnergyTrayApi, 'on'>;
type Call = { method: keyof Methods; request: unknown };

/** The fixed valid address of test/support, as the renderer tests have always imported it from here. */
export { VALID_ADDRESS };

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

/** main's refusal as core/ipc sends it: a code, and what happened as a key and values (`message`: its English, for logs). */
export function failed(code: IpcErrorCode, text: Message): { ok: false; error: IpcError } {
  return { ok: false, error: { code, message: englishText(text), key: text.key, values: text.values ?? {} } };
}

export function baseState(overrides: Partial<AppStateView> = {}): AppStateView {
  return {
    mode: 'demo',
    profiles: [],
    activeProfileId: null,
    balance: { trxSun: '1234567800', usdtMicros: '56780000', updatedAt: Date.now(), stale: false, low: false },
    polling: { paused: false, reason: null },
    keychain: { available: true, message: null },
    service: { status: 'ok', message: null, since: null },
    notices: [],
    ...overrides,
  };
}

export function order(overrides: Partial<OrderView> = {}): OrderView {
  return {
    localId: 'o1',
    kind: 'energy',
    address: VALID_ADDRESS,
    resource: 'energy',
    count: 65000,
    period: '1h',
    orderSn: 'EN1732200000000001',
    orderId: null,
    quotedSun: '3250000',
    chargedSun: '3250000',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    state: 'running',
    serverStatus: 'pending',
    txIds: [],
    error: null,
    finishedAt: null,
    presetId: null,
    reclaimable: false,
    ...overrides,
  };
}

/** Answers queryOrders as main would, from a fixed list (newest first): status, kind, address and text filters, then the page. */
export function pageOf(orders: readonly OrderView[]) {
  return async (query: OrderQueryView): Promise<IpcResult<OrderPageView>> => {
    const text = query.text?.trim().toLowerCase();
    const matching = [...orders]
      .sort((a, b) => b.createdAt - a.createdAt)
      .filter((o) => !query.states || query.states.includes(o.state))
      .filter((o) => !query.kinds || query.kinds.includes(o.kind))
      .filter((o) => !query.address || o.address === query.address)
      .filter((o) => !text || [o.orderSn ?? '', String(o.orderId ?? ''), ...o.txIds].some((t) => t.toLowerCase().startsWith(text)));
    return ok({ orders: matching.slice(query.offset, query.offset + query.limit), total: matching.length, offset: query.offset });
  };
}

export function preset(overrides: Partial<PresetView> = {}): PresetView {
  return {
    id: 'p1',
    name: '65k energy 1h',
    kind: 'timed',
    resource: 'energy',
    period: '1h',
    count: 65000,
    address: VALID_ADDRESS,
    capSun: '5000000',
    busy: false,
    ...overrides,
  };
}

export const settings: SettingsView = {
  pollIntervalSeconds: 60,
  lowBalanceThresholdSun: '10000000',
  dailyLimitSun: '100000000',
  notificationsEnabled: true,
  launchAtLogin: false,
  largeOrderPercent: 10,
  largeOrderSun: '20000000',
  language: null,
  resolvedLanguage: 'en',
  userDataDir: '/tmp/energy-tray',
};

export const WALLET_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export function wallet(overrides: Partial<WalletView> = {}): WalletView {
  return {
    id: 'w1',
    address: WALLET_ADDRESS,
    label: 'Payroll',
    plan: 'holder',
    exactRecipient: null,
    energyPerTransfer: '64285',
    topUpTransfers: 2,
    activated: true,
    energy: { limit: '140000', used: '127600', available: '12400' },
    bandwidth: { freeLimit: '600', freeUsed: '0', limit: '0', used: '0', available: '600' },
    trxSun: '250000000',
    covered: { planned: '0', toHolders: '0', toNewAddresses: '0' },
    low: true,
    readAt: Date.now(),
    predicted: false,
    trxReadAt: Date.now(),
    fastUntil: null,
    error: null,
    retryAt: null,
    incoming: [],
    arrival: null,
    offer: null,
    ...overrides,
  };
}

export const nodeSettings: NodeSettingsView = {
  nodeUrl: 'https://api.trongrid.io',
  configuredUrl: 'https://api.trongrid.io',
  defaultUrl: 'https://api.trongrid.io',
  isDefault: true,
  demo: false,
  keySaved: false,
  keyForThisNode: false,
  keychainProblem: null,
  dailyBudget: { saved: null, defaultNow: 50_000, keyedDefault: 100_000, keylessDefault: 50_000, min: 2_000, max: 100_000_000 },
};

/** The assistant allowance while off (issue 27): the form's defaults, nothing bought today. */
export const assistantOff: AssistantAllowanceView = {
  enabled: false,
  available: true,
  draft: { dailyTrx: '20', perOrderTrx: '5', watchedOnly: true, addresses: [] },
  dailySun: null,
  perOrderSun: null,
  spentTodaySun: '0',
  ordersToday: 0,
};

export const savings: SavingsView = { monthStart: 1_700_000_000_000, savedSun: '3250000', spentSun: '3250000', wouldHaveBurnedSun: '6500000', orders: 1, uncounted: 0 };

export function topUpQuote(overrides: Partial<TopUpQuoteView> = {}): TopUpQuoteView {
  return {
    walletId: 'w1',
    transfers: 2,
    energyPerTransfer: '64285',
    availableEnergy: '12400',
    missingEnergy: '116170',
    orderEnergy: '116170',
    burnSun: '11617000',
    timed: { amountSun: '5808500', feeSun: '0', unitPriceSun: '50', remark: null, burnSun: '11617000' },
    timedError: null,
    fastRecover: { amountSun: '6970200', feeSun: '0', unitPriceSun: '60', remark: null, burnSun: '11617000' },
    fastRecoverError: null,
    basisAt: null,
    cheaper: 'timed',
    ...overrides,
  };
}

/** A spend chart with no orders: every day of the range at zero. */
export function emptySpendChart(days: number, now = Date.now()): SpendChartView {
  const today = new Date(now);
  const list = Array.from({ length: days }, (_, i) => {
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1 - i));
    const day = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    return { day, startMs: start.getTime(), spentSun: '0', uncertainSun: '0', wouldBurnSun: '0' };
  });
  return { days: list, spentSun: '0', wouldBurnSun: '0', savedSun: '0' };
}

/**
 * A bridge for component tests: every method answers from a default or an
 * override and is recorded; emit() pushes an event the way main would.
 */
export function installFakeBridge(overrides: Partial<Methods> = {}) {
  const listeners = new Map<EventName, Set<Listener>>();
  const calls: Call[] = [];
  const defaults: Methods = {
    getInfo: async () => ok({ name: 'Energy Tray', version: '9.9.9', platform: 'linux' }),
    getState: async () => ok(baseState()),
    startDemo: async () => ok(baseState({ mode: 'demo' })),
    stopDemo: async () => ok(baseState({ mode: 'welcome', balance: null })),
    hidePopover: async () => ok({ hidden: true }),
    setPollingPaused: async ({ paused }) => ok(baseState({ mode: 'demo', polling: { paused, reason: paused ? msg('notices:pausedBy.user') : null } })),
    connectAccount: async () => ok({ state: baseState({ mode: 'account' }), warnings: [] }),
    removeCredentials: async () => ok(baseState()),
    setActiveProfile: async () => ok(baseState()),
    refreshBalance: async () => ok(baseState().balance!),
    checkAddress: async ({ address }) =>
      ok(address === VALID_ADDRESS || address === WALLET_ADDRESS ? { valid: true, reason: null } : { valid: false, reason: msg('errors:address.badChecksum') }),
    quoteTimed: async () => ok({ amountSun: '3250000', feeSun: '0', unitPriceSun: '50', remark: '', burnSun: '6500000' }),
    quoteFastRecover: async () => ok({ amountSun: '3900000', feeSun: '0', unitPriceSun: '60', remark: null, burnSun: '6500000' }),
    buyTimed: async () => ok(order()),
    buyFastRecover: async () => ok(order({ kind: 'fast_recover', orderSn: null, orderId: 7 })),
    activateAddress: async () => ok(order({ kind: 'activation', resource: null, count: null, period: null, orderSn: null, orderId: 9 })),
    reclaim: async () => ok(order({ kind: 'reclaim' })),
    queryOrders: async ({ offset }) => ok({ orders: [], total: 0, offset }),
    orderTotals: async () => ok([]),
    spendChart: async ({ days }) => ok(emptySpendChart(days)),
    priceHistory: async () => ok({ series: [] }),
    exportOrders: async () => ok({ saved: false, fileName: null, rows: 0 }),
    getOrderDetail: async ({ localId }) => ok({ order: order({ localId }), subOrders: [], serverStatus: null }),
    getSmartPrice: async () =>
      ok({
        price65kSun: '3000000',
        price131kSun: '5800000',
        remark: 'TRX per delegation',
        modes: [
          { id: 'high_frequency', label: 'High frequency', prices: { price65kSun: '2800000', price131kSun: '5500000', depositPeriodHours: '24', depositAmountSun: '100000000', minEnergyCount: '10' } },
          { id: 'jisu_frequency', label: 'Fast', prices: null },
          { id: 'guangsu_frequency', label: 'Fastest', prices: null },
        ],
      }),
    listPresets: async () => ok([]),
    savePreset: async ({ preset: p }) => ok([{ ...p, id: p.id ?? 'new', busy: false }]),
    deletePreset: async () => ok([]),
    reorderPresets: async () => ok([]),
    runPreset: async () => ok(order({ presetId: 'p1' })),
    addDefaultPresets: async ({ address }) => ok([preset({ id: 'd1', address })]),
    getSettings: async () => ok(settings),
    // As main resolves it: the choice, else the system's (English here).
    updateSettings: async ({ patch }) => ok({ ...settings, ...patch, ...(patch.language !== undefined ? { resolvedLanguage: patch.language ?? 'en' } : {}) }),
    openExternal: async () => ok({ opened: true }),
    openLogs: async () => ok({ opened: true }),
    openDashboard: async () => ok({ opened: true }),
    listWallets: async () => ok({ wallets: [], suggestions: [] }),
    addWallet: async ({ wallet: w }) => ok({ wallets: { wallets: [wallet({ ...w, id: 'new' })], suggestions: [] }, warning: null }),
    updateWallet: async ({ id, wallet: w }) => ok({ wallets: [wallet({ ...w, id })], suggestions: [] }),
    removeWallet: async () => ok({ wallets: [], suggestions: [] }),
    refreshWallet: async ({ id }) => ok({ wallets: [wallet({ id })], suggestions: [] }),
    estimateTransfer: async ({ from, to }) =>
      ok({
        from, to, amountMicros: '1', recipientHoldsUsdt: false, energy: '130285', energyPenalty: '0', bandwidth: '345', activated: true,
        availableEnergy: '12400', availableBandwidth: '600', trxSun: '250000000', missingEnergy: '117885', energyBurnSun: '11788500',
        bandwidthBurnSun: '0', energyFeeSun: '100',
      }),
    quoteTopUp: async ({ walletId, transfers }) => ok(topUpQuote({ walletId, transfers })),
    buyTopUp: async () => ok(order({ count: 116170 })),
    getNodeSettings: async () => ok(nodeSettings),
    setNodeUrl: async ({ nodeUrl }) =>
      ok({ ...nodeSettings, nodeUrl: nodeUrl ?? nodeSettings.defaultUrl, configuredUrl: nodeUrl ?? nodeSettings.defaultUrl, isDefault: nodeUrl === null }),
    setNodeDailyBudget: async ({ budget }) => ok({ ...nodeSettings, dailyBudget: { ...nodeSettings.dailyBudget, saved: budget } }),
    setNodeKey: async () => ok({ ...nodeSettings, keySaved: true, keyForThisNode: true }),
    clearNodeKey: async () => ok(nodeSettings),
    getSavings: async () => ok(savings),
    listRules: async () => ok({ rules: [], pausedAll: false, periods: ['1h', '1day', '3day'] }),
    saveRule: async () => ok({ saved: true, rules: { rules: [], pausedAll: false, periods: ['1h', '1day', '3day'] } }),
    setRuleEnabled: async () => ok({ rules: [], pausedAll: false, periods: ['1h', '1day', '3day'] }),
    deleteRule: async () => ok({ rules: [], pausedAll: false, periods: ['1h', '1day', '3day'] }),
    acknowledgeRule: async () => ok({ rules: [], pausedAll: false, periods: ['1h', '1day', '3day'] }),
    setAutoTopUpsPaused: async ({ paused }) => ok({ rules: [], pausedAll: paused, periods: ['1h', '1day', '3day'] }),
    listDecisions: async () => ok([]),
    getAssistantAllowance: async () => ok(assistantOff),
    saveAssistantAllowance: async ({ draft }) =>
      ok({ saved: true, allowance: draft === null ? assistantOff : { ...assistantOff, enabled: true, draft, dailySun: '20000000', perOrderSun: '5000000' } }),
  };
  const api: Record<string, unknown> = {};
  for (const [name, impl] of Object.entries({ ...defaults, ...overrides })) {
    api[name] = (request: unknown) => {
      calls.push({ method: name as keyof Methods, request });
      return (impl as (r: unknown) => Promise<unknown>)(request);
    };
  }
  api['on'] = (event: EventName, listener: Listener) => {
    const set = listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  };
  window.energyTray = api as unknown as EnergyTrayApi;
  return {
    calls,
    callsOf: (method: keyof Methods) => calls.filter((c) => c.method === method).map((c) => c.request),
    emit<E extends EventName>(event: E, payload: IpcEvents[E]) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
  };
}
