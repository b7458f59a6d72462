import type { AppStateView, Method, RequestOf, ResponseOf } from '../../shared/ipc.ts';
import type { AppServices } from '../app/app-service.ts';

export type Handler<M extends Method> = (request: RequestOf<M>) => Promise<ResponseOf<M>>;

/** A missing handler is a compile error: the table must cover every method. */
export type HandlerTable = { [M in Method]: Handler<M> };

/**
 * Maps each contract method straight onto the service that owns it (built by
 * core/app/app-wiring.ts). Electron's ipcMain registration and the e2e bridge
 * both dispatch into this table; requests arrive already validated by the
 * method's zod schema.
 */
export function createHandlerTable(s: AppServices): HandlerTable {
  /** A session switch answers with the state it left (published as it ended). */
  const switched = async (done: Promise<unknown>): Promise<AppStateView> => {
    await done;
    return s.state.view();
  };
  return {
    'app:getInfo': async () => ({ ...s.info }),
    'app:getState': async () => s.state.view(),
    'app:startDemo': () => switched(s.sessions.startDemo()),
    'app:stopDemo': () => switched(s.sessions.stopDemo()),
    'app:connectAccount': async (r) => {
      const warnings = await s.sessions.connect(r);
      return { state: s.state.view(), warnings };
    },
    'app:removeCredentials': (r) => switched(s.sessions.removeCredentials(r.profileId)),
    'app:setActiveProfile': (r) => switched(s.sessions.setActiveProfile(r.profileId)),
    'app:refreshBalance': () => s.balance.refresh(),
    'app:checkAddress': async (r) => s.commands.checkAddress(r.address),
    'app:quoteTimed': (r) => s.commands.quoteTimed(r.type, r.count, r.period),
    'app:quoteFastRecover': (r) => s.commands.quoteFastRecover(r.resourceType, r.count),
    'app:buyTimed': (r) => s.commands.buyTimed(r),
    'app:buyFastRecover': (r) => s.commands.buyFastRecover(r),
    'app:activateAddress': (r) => s.commands.activateAddress(r.address),
    'app:reclaim': (r) => s.commands.reclaim(r.localId),
    'app:queryOrders': async (r) => s.orders.query(r),
    'app:orderTotals': async (r) => s.reports.totals(r.filter, r.period),
    'app:spendChart': async (r) => s.reports.spendChart(r.days),
    'app:priceHistory': async (r) => s.reports.priceHistory(r.days),
    'app:exportOrders': (r) => s.reports.exportCsv(r.filter),
    'app:getOrderDetail': (r) => s.orders.detail(r.localId),
    'app:getSmartPrice': () => s.orders.smartPrice(),
    'app:listPresets': async () => s.presets.list(),
    'app:savePreset': (r) => s.presets.save(r.preset),
    'app:deletePreset': (r) => s.presets.delete(r.id),
    'app:reorderPresets': (r) => s.presets.reorder(r.ids),
    // From the dashboard: main asks for approval first (a tray click does not: see tray-actions.ts).
    'app:runPreset': (r) => s.presets.run(r.id, 'dashboard'),
    'app:addDefaultPresets': (r) => s.presets.addDefaults(r.address),
    'app:getSettings': async () => s.settings.view(),
    'app:updateSettings': (r) => s.settings.applyPatch(r.patch),
    'app:openExternal': (r) => s.desktopActions.openExternal(r.url),
    'app:openLogs': () => s.desktopActions.openLogs(),
    'app:openDashboard': async (r) => s.desktopActions.openDashboard(r.tab, r.localId),
    'app:hidePopover': async () => s.desktopActions.hidePopover(),
    'app:setPollingPaused': (r) => s.desktopActions.setPollingPaused(r.paused),
    'app:listWallets': async () => s.wallets.list(),
    'app:addWallet': (r) => s.wallets.add(r.wallet),
    'app:updateWallet': (r) => s.wallets.update(r.id, r.wallet),
    'app:removeWallet': (r) => s.wallets.remove(r.id),
    'app:refreshWallet': (r) => s.wallets.refresh(r.id),
    'app:estimateTransfer': (r) => s.wallets.estimate(r),
    'app:quoteTopUp': (r) => s.topUps.quote(r.walletId, r.transfers),
    'app:buyTopUp': (r) => s.topUps.buy(r.walletId, r.transfers, r.option, BigInt(r.maxSun)),
    'app:getNodeSettings': () => s.node.view(),
    'app:setNodeUrl': (r) => s.node.setNodeUrl(r.nodeUrl),
    'app:setNodeDailyBudget': (r) => s.node.setDailyBudget(r.budget),
    'app:setNodeKey': (r) => s.node.setNodeKey(r.apiKey),
    'app:clearNodeKey': () => s.node.clearNodeKey(),
    'app:getSavings': async () => s.savings.view(),
    'app:listRules': async () => s.rules.list(),
    'app:saveRule': (r) => s.rules.save(r.id, r.draft),
    'app:setRuleEnabled': (r) => s.rules.setEnabled(r.id, r.enabled),
    'app:deleteRule': (r) => s.rules.remove(r.id),
    'app:acknowledgeRule': (r) => s.rules.acknowledge(r.id),
    'app:setAutoTopUpsPaused': (r) => s.rules.setPausedAll(r.paused),
    'app:listDecisions': async (r) => s.rules.decisions(r),
    'app:getAssistantAllowance': async () => s.assistant.get(),
    'app:saveAssistantAllowance': (r) => s.assistant.save(r.draft),
  };
}
