// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import {
  PAUSE_REASONS,
  type TopUpOfferView,
  type TransferEstimateView,
  type WalletInput,
  type WalletsView,
  type WalletView,
} from '../../../shared/views.ts';
import { cleanAddress } from '../../../shared/order-rules.ts';
import { msg, type Message } from '../../../shared/i18n/message.ts';
import type { ChainClient } from '../../chain/chain-client.ts';
import { DEMO_WALLET_ADDRESSES } from '../../simulator/node/demo-chain.ts';
import { FeeCache } from '../../wallets/fee-cache.ts';
import { followEnergyArrivals, followEnergyOrders } from '../../wallets/order-energy.ts';
import { WalletArrivals } from './wallet-arrivals.ts';
import type { BudgetStatus } from '../../chain/request-budget.ts';
import type { WalletWatcher } from '../../wallets/wallet-watcher.ts';
import { MAX_WATCHED_PER_PROFILE, type WatchedWallet } from '../../wallets/watched-wallet.ts';
import { checkedAddress, checkedWallet, checkInput, type WalletEdit } from './wallet-checks.ts';
import { AppError, notConnected } from '../app-error.ts';
import type { EventSink } from '../ports.ts';
import type { SessionManager } from '../session/session-manager.ts';
import { estimateTransfer, parseUsdtAmount } from './transfer-estimate.ts';
import type { WalletList } from './wallet-list.ts';
import { NO_READINGS, toBudgetView, toWalletView, withFigures, type WalletReadings } from './wallet-views.ts';
import { startWalletWatch, type WalletWatchDeps } from './wallet-watch.ts';
import { DrawPacer } from './draw-pacer.ts';

export interface WalletServiceDeps extends WalletWatchDeps {
  sessions: SessionManager;
  list: WalletList;
  events: EventSink;
  newId: () => string;
}

const DEMO_SUGGESTIONS = [
  { label: 'Payroll', address: DEMO_WALLET_ADDRESSES.payroll },
  { label: 'Shop', address: DEMO_WALLET_ADDRESSES.shop },
];

/**
 * The watched wallets of the live session: their readings from the TRON node
 * (a block-following WalletWatcher on the session's node client, its reads
 * kept in the profile's store: wallet-watch.ts), their figures predicted
 * between reads, their views, and adding, editing and removing them. An
 * order for a watched address that succeeds makes the watcher read it at
 * once, and again when its delegation must show.
 */
export class WalletService {
  readonly fees: FeeCache;
  /** The last energy order per address that succeeded: offers wait for a reading since (nothing stale). */
  readonly arrivals = new WalletArrivals();
  private readonly deps: WalletServiceDeps;
  private offerOf: (wallet: WatchedWallet) => TopUpOfferView | null = () => null;
  private readonly readings = new Map<string, WalletReadings>();
  private watcher: WalletWatcher | null = null;
  private pausedByUser = false;
  private readonly published = new Set<() => void>();
  private readonly pacer: DrawPacer;

  constructor(deps: WalletServiceDeps) {
    this.deps = deps;
    this.fees = new FeeCache(deps.clock);
    this.pacer = new DrawPacer(deps.clock, () => this.publish());
    deps.node.events.on('changed', (client) => this.useNode(client));
    deps.sessions.events.on('opened', ({ session, live }) => {
      // Recorded before the publish below, so the view that says "finished" also says "energy arriving".
      followEnergyArrivals(session.scheduler.events, (order) => live() && this.arrivals.record(order, deps.clock.now()));
      followEnergyOrders(session.scheduler.events, () => (live() ? this.watcher : null));
      session.scheduler.events.on('orderUpdated', (order) => {
        if (live() && this.isWatched(order.address)) this.publish();
      });
    });
    deps.sessions.events.on('closed', () => {
      this.stopWatcher();
      this.readings.clear();
      this.arrivals.clear();
      this.pausedByUser = false;
    });
  }

  /** Where the views' top-up offers come from (WalletTopUps, which quotes them). */
  useOffers(offerOf: (wallet: WatchedWallet) => TopUpOfferView | null): void {
    this.offerOf = offerOf;
  }

  /** Called after every change the dashboard or the tray should see (the tray presenter, top-ups and rules listen). */
  onPublish(listener: () => void): void {
    this.published.add(listener);
  }

  current(): WatchedWallet[] {
    return this.deps.list.current();
  }

  /** What is known of the address now: its last read predicted to this moment, its TRX and any failure. */
  readingsOf(address: string): WalletReadings {
    const kept = this.readings.get(address) ?? NO_READINGS;
    const now = this.deps.clock.now();
    return withFigures(kept, this.watcher?.figures(address, now) ?? null, now);
  }

  /** The node's daily request budget and the plan that keeps to it (null without a node): the views, the log, the metrics. */
  budgetStatus(): BudgetStatus | null {
    return this.watcher?.health().budget ?? null;
  }

  /** Since when the chain cannot be followed (null while it can): no figure is vouched for meanwhile. */
  followFailingSince(): number | null {
    return this.watcher?.health().follow?.failingSince ?? null;
  }

  list(): WalletsView {
    const session = this.deps.sessions.current();
    // The orders on their way are in memory (the journal keeps only open orders there): no history is read.
    const orders = session?.journal.active() ?? [];
    const now = this.deps.clock.now();
    const wallets = this.current();
    const watched = new Set(wallets.map((w) => w.address));
    return {
      wallets: wallets.map((w) => {
        const readings = this.readingsOf(w.address);
        const extra = { arrival: this.arrivals.view(w.address, readings, now), offer: this.offerOf(w) };
        return toWalletView(w, readings, orders, this.watcher?.fastUntil(w.address) ?? 0, now, extra);
      }),
      suggestions: session?.demo ? DEMO_SUGGESTIONS.filter((s) => !watched.has(s.address)) : [],
      budget: toBudgetView(this.budgetStatus()),
    };
  }

  view(id: string): WalletView {
    const found = this.list().wallets.find((w) => w.id === id);
    if (!found) throw new AppError('not_found', msg('errors:app.walletGone'));
    return found;
  }

  /**
   * Checks the address locally, then on chain (one getaccount; for an exact
   * plan also the dry run), and saves it. An address that is not activated
   * is watched all the same, with a warning: it may be activated later.
   */
  async add(input: WalletInput): Promise<{ wallets: WalletsView; warning: Message | null }> {
    this.deps.sessions.require();
    const address = checkedAddress(input.address, 'wallet');
    const existing = this.current().find((w) => w.address === address);
    if (existing) throw new AppError('invalid_request', msg('errors:app.walletWatchedAs', { name: { name: existing.label } }));
    if (this.current().length >= MAX_WATCHED_PER_PROFILE) {
      throw new AppError('invalid_request', msg('errors:app.walletsMost', { most: MAX_WATCHED_PER_PROFILE }));
    }
    const chain = await this.deps.node.require();
    const trx = await chain.readTrx(address);
    const wallet = await this.complete(chain, { id: this.deps.newId(), address }, input);
    await this.deps.list.change((current) => {
      if (current.some((w) => w.address === address)) throw new AppError('invalid_request', msg('errors:app.walletWatched'));
      return [...current, wallet];
    });
    const read = { trxSun: trx.trxSun, activated: trx.activated, at: this.deps.clock.now() };
    this.readings.set(address, { ...this.readingsOf(address), trx: read });
    this.syncWatched();
    const warning = trx.activated ? null : msg('errors:app.walletNotActivated');
    return { wallets: this.list(), warning };
  }

  /** A new label, plan or top-up size; the address stays. */
  async update(id: string, input: WalletEdit): Promise<WalletsView> {
    const existing = this.deps.list.find(id);
    if (!existing) throw new AppError('not_found', msg('errors:app.walletGone'));
    const chain = await this.deps.node.require();
    const keepExact =
      input.plan === 'exact' && existing.plan === 'exact' && existing.exactRecipient === cleanAddress(input.exactRecipient ?? '');
    if (keepExact) checkInput(input);
    const wallet = keepExact
      ? checkedWallet({ ...existing, label: input.label, topUpTransfers: input.topUpTransfers })
      : await this.complete(chain, existing, input);
    await this.deps.list.change((current) => current.map((w) => (w.id === id ? wallet : w)));
    this.publish();
    return this.list();
  }

  async remove(id: string): Promise<WalletsView> {
    await this.deps.list.change((current) => current.filter((w) => w.id !== id));
    this.syncWatched();
    return this.list();
  }

  /** Reads the wallet now (energy, bandwidth and TRX) and answers once the node has. */
  async refresh(id: string): Promise<WalletsView> {
    const wallet = this.deps.list.find(id);
    if (!wallet) throw new AppError('not_found', msg('errors:app.walletGone'));
    if (this.watcher && !this.watcher.isPaused()) {
      this.watcher.refresh(wallet.address);
      await this.watcher.whenIdle();
    }
    return this.list();
  }

  async estimate(request: { from: string; to: string; amountUsdt: string | null }): Promise<TransferEstimateView> {
    this.deps.sessions.require();
    const amountMicros = parseUsdtAmount(request.amountUsdt);
    const chain = await this.deps.node.require();
    const from = cleanAddress(request.from);
    const to = cleanAddress(request.to);
    return estimateTransfer(chain, this.fees, { from, to, ...(amountMicros === undefined ? {} : { amountMicros }) });
  }

  /** The tray's "Pause polling" stops the wallet reads too. */
  setPaused(paused: boolean): void {
    this.pausedByUser = paused;
    if (paused) this.watcher?.pause(PAUSE_REASONS.user);
    else this.watcher?.resume(PAUSE_REASONS.user);
  }

  /** Resolves when no wallet read is in flight and a drawing held back has gone out (tests). */
  async whenIdle(): Promise<void> {
    await this.watcher?.whenIdle();
    if (!this.pacer.holding()) return;
    this.pacer.release();
    this.publish();
  }

  /** Draws the views, the tray and whatever follows them (the rules), as often as draw-pacer.ts allows. */
  publish(): void {
    if (!this.pacer.mayDraw(this.current().length, this.watcher !== null)) return;
    this.deps.events.emit('app:wallets', this.list());
    for (const listener of this.published) listener();
  }

  private isWatched(address: string): boolean {
    return this.current().some((w) => w.address === address);
  }

  /** The label, plan and top-up size of `input` on `base`; an exact plan runs the dry run for its recipient. */
  private async complete(
    chain: ChainClient,
    base: { id: string; address: string },
    input: Omit<WalletInput, 'address'>,
  ): Promise<WatchedWallet> {
    const profileId = this.deps.list.profileId();
    if (profileId === null) throw notConnected();
    checkInput(input);
    let exact: { exactRecipient: string; exactEnergy: string } | null = null;
    if (input.plan === 'exact') {
      const recipient = checkedAddress(input.exactRecipient ?? '', 'recipient');
      const estimate = await chain.estimateTransfer(base.address, recipient);
      exact = { exactRecipient: recipient, exactEnergy: estimate.energy.toString() };
    }
    return checkedWallet({
      id: base.id,
      profileId,
      address: base.address,
      label: input.label,
      plan: input.plan,
      exactRecipient: exact?.exactRecipient ?? null,
      exactEnergy: exact?.exactEnergy ?? null,
      topUpTransfers: input.topUpTransfers,
    });
  }

  private useNode(client: ChainClient | null): void {
    this.stopWatcher();
    this.readings.clear();
    this.fees.clear();
    if (!client) return;
    const memory = this.deps.sessions.current()?.journal.chain ?? null;
    const watcher: WalletWatcher = startWalletWatch(this.deps, client, memory, this.current().map((w) => w.address), {
      record: (address, change) => this.record(watcher, address, change),
      changed: () => this.watcher === watcher && this.publish(),
    });
    this.watcher = watcher;
    if (this.pausedByUser) watcher.pause(PAUSE_REASONS.user);
    watcher.start();
    this.publish();
  }

  private record(watcher: WalletWatcher, address: string, change: Partial<WalletReadings>): void {
    if (this.watcher !== watcher) return;
    this.readings.set(address, { ...this.readingsOf(address), ...change });
    this.publish();
  }

  private syncWatched(): void {
    const addresses = this.current().map((w) => w.address);
    for (const address of this.readings.keys()) if (!addresses.includes(address)) this.readings.delete(address);
    this.watcher?.watch(addresses);
    this.publish();
  }

  private stopWatcher(): void {
    this.watcher?.stop();
    this.watcher = null;
    this.pacer.stop();
  }
}
