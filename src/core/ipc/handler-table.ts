import type { Method, RequestOf, ResponseOf } from '../../shared/ipc.ts';
import type { AppService } from '../app/app-service.ts';

export type Handler<M extends Method> = (request: RequestOf<M>) => Promise<ResponseOf<M>>;

/** A missing handler is a compile error: the table must cover every method. */
export type HandlerTable = { [M in Method]: Handler<M> };

/**
 * Maps each contract method onto the facade. Electron's ipcMain registration
 * and the e2e bridge both dispatch into this table; requests arrive already
 * validated by the method's zod schema.
 */
export function createHandlerTable(service: AppService): HandlerTable {
  return {
    'app:getInfo': async () => service.getInfo(),
    'app:getState': () => service.getState(),
    'app:startDemo': () => service.startDemo(),
    'app:stopDemo': () => service.stopDemo(),
    'app:connectAccount': (r) => service.connectAccount(r),
    'app:removeCredentials': (r) => service.removeCredentials(r.profileId),
    'app:setActiveProfile': (r) => service.setActiveProfile(r.profileId),
    'app:refreshBalance': () => service.refreshBalance(),
    'app:checkAddress': async (r) => service.checkAddress(r.address),
    'app:quoteTimed': (r) => service.quoteTimed(r.type, r.count, r.period),
    'app:quoteFastRecover': (r) => service.quoteFastRecover(r.resourceType, r.count),
    'app:buyTimed': (r) => service.buyTimed(r),
    'app:buyFastRecover': (r) => service.buyFastRecover(r),
    'app:activateAddress': (r) => service.activateAddress(r.address),
    'app:reclaim': (r) => service.reclaim(r.localId),
    'app:queryOrders': async (r) => service.queryOrders(r),
    'app:orderTotals': async (r) => service.orderTotals(r.filter, r.period),
    'app:spendChart': async (r) => service.spendChart(r.days),
    'app:priceHistory': async (r) => service.priceHistory(r.days),
    'app:exportOrders': (r) => service.exportOrders(r.filter),
    'app:getOrderDetail': (r) => service.getOrderDetail(r.localId),
    'app:getSmartPrice': () => service.getSmartPrice(),
    'app:listPresets': async () => service.listPresets(),
    'app:savePreset': (r) => service.savePreset(r.preset),
    'app:deletePreset': (r) => service.deletePreset(r.id),
    'app:reorderPresets': (r) => service.reorderPresets(r.ids),
    'app:runPreset': (r) => service.runPreset(r.id),
    'app:addDefaultPresets': (r) => service.addDefaultPresets(r.address),
    'app:getSettings': async () => service.getSettings(),
    'app:updateSettings': (r) => service.updateSettings(r.patch),
    'app:openExternal': (r) => service.openExternal(r.url),
    'app:openLogs': () => service.openLogs(),
    'app:openDashboard': (r) => service.openDashboard(r.tab, r.localId),
    'app:hidePopover': async () => service.hidePopover(),
    'app:setPollingPaused': (r) => service.setPollingPaused(r.paused),
    'app:listWallets': async () => service.listWallets(),
    'app:addWallet': (r) => service.addWallet(r.wallet),
    'app:updateWallet': (r) => service.updateWallet(r.id, r.wallet),
    'app:removeWallet': (r) => service.removeWallet(r.id),
    'app:refreshWallet': (r) => service.refreshWallet(r.id),
    'app:estimateTransfer': (r) => service.estimateTransfer(r),
    'app:quoteTopUp': (r) => service.quoteTopUp(r.walletId, r.transfers),
    'app:buyTopUp': (r) => service.buyTopUp(r),
    'app:getNodeSettings': () => service.getNodeSettings(),
    'app:setNodeUrl': (r) => service.setNodeUrl(r.nodeUrl),
    'app:setNodeKey': (r) => service.setNodeKey(r.apiKey),
    'app:clearNodeKey': () => service.clearNodeKey(),
    'app:getSavings': async () => service.getSavings(),
    'app:listRules': async () => service.rules.list(),
    'app:saveRule': (r) => service.rules.save(r.id, r.draft),
    'app:setRuleEnabled': (r) => service.rules.setEnabled(r.id, r.enabled),
    'app:deleteRule': (r) => service.rules.remove(r.id),
    'app:acknowledgeRule': (r) => service.rules.acknowledge(r.id),
    'app:setAutoTopUpsPaused': (r) => service.rules.setPausedAll(r.paused),
    'app:listDecisions': async (r) => service.rules.decisions(r),
    'app:getAssistantAllowance': async () => service.assistant.get(),
    'app:saveAssistantAllowance': (r) => service.assistant.save(r.draft),
  };
}
