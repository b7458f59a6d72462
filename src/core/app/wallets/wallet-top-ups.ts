// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import { msg, sunPair, type Message } from '../../../shared/i18n/message.ts';
import type { OrderView, QuoteView, TopUpOfferView, TopUpOption, TopUpQuoteView } from '../../../shared/views.ts';
import type { Clock } from '../../base/clock.ts';
import { userText } from '../../base/domain-error.ts';
import { MAX_TOP_UP_TRANSFERS, type WatchedWallet } from '../../wallets/watched-wallet.ts';
import { AppError } from '../app-error.ts';
import type { BurnPrice } from './burn-price.ts';
import type { Notifications } from '../notify/notifications.ts';
import type { OrderCommands, PaidOrigin } from '../orders/order-commands.ts';
import type { SessionManager } from '../session/session-manager.ts';
import { cheaperOption, TOP_UP_PERIOD, topUpNeed } from './top-up-need.ts';
import type { WalletService } from './wallet-service.ts';
import { isLow, readingBasis } from './wallet-views.ts';
import { transfersCovered } from '../../wallets/need-estimate.ts';
import { energyPerTransfer } from '../../wallets/watched-wallet.ts';

/** A watched wallet as the tray shows it. */
export interface TrayWallet {
  id: string;
  label: string;
  /** null until the node has answered. */
  availableEnergy: bigint | null;
  /** Planned transfers the energy pays for. */
  covered: bigint | null;
  /** Cannot pay for one planned transfer. */
  low: boolean;
  /** Offered when the wallet lacks energy for its top-up size; costSun null while not quoted. */
  topUp: { transfers: number; costSun: bigint | null } | null;
  /** Energy bought for it is on its way: no top-up is offered until the wallet has been read since. */
  arriving?: boolean;
  busy: boolean;
}

/** The tray's price is re-quoted at most this often, or when the energy to order moved by more than 5%. */
const TRAY_QUOTE_MS = 5 * 60_000;
/** A tray click buys only if the fresh price is within 10% of the one the tray showed. */
const TRAY_PRICE_MARGIN_PERCENT = 10n;

interface TrayQuote {
  transfers: number;
  option: TopUpOption;
  order: bigint;
  costSun: bigint;
  burnSun: string | null;
  at: number;
  /** When the reading it was computed from began. */
  basisAt: number;
}

export interface WalletTopUpsDeps {
  clock: Clock;
  sessions: SessionManager;
  wallets: WalletService;
  burn: BurnPrice;
  commands: OrderCommands;
  notifications: Notifications;
}

/**
 * "Top up what's missing" for a watched wallet: the energy N transfers lack
 * (at least the service's minimum order), the 1-hour rental and the fast
 * recover quoted side by side, and the purchase through OrderCommands, the
 * paid path every dashboard order takes (checked by the client, journaled
 * before it is sent, sent once, tracked and notified once). Also the tray's
 * "Top up for N transfers (≈ X TRX)" and its click.
 */
export class WalletTopUps {
  private readonly deps: WalletTopUpsDeps;
  private readonly busy = new Set<string>();
  private readonly trayQuotes = new Map<string, TrayQuote>();
  private quoting = false;

  constructor(deps: WalletTopUpsDeps) {
    this.deps = deps;
    deps.sessions.events.on('closed', () => this.trayQuotes.clear());
    deps.wallets.onPublish(() => void this.refreshTrayQuotes());
    deps.wallets.useOffers((wallet) => this.offer(wallet));
  }

  /**
   * The tray's and the popover's offer for the wallet: only a quote made from
   * a reading that began after the last energy order for the address finished.
   */
  offer(wallet: WatchedWallet): TopUpOfferView | null {
    const shown = this.trayQuotes.get(wallet.id);
    if (!shown || shown.transfers !== wallet.topUpTransfers || !this.isCurrent(wallet, shown.basisAt)) return null;
    const { transfers, option, basisAt } = shown;
    return { transfers, option, orderEnergy: shown.order.toString(), costSun: shown.costSun.toString(), burnSun: shown.burnSun, basisAt };
  }

  private isCurrent(wallet: WatchedWallet, basisAt: number | null): boolean {
    const { arrivals } = this.deps.wallets;
    return !arrivals.waiting(wallet.address, this.deps.wallets.readingsOf(wallet.address)) && arrivals.isCurrent(wallet.address, basisAt);
  }

  async quote(walletId: string, transfers: number): Promise<TopUpQuoteView> {
    const wallet = this.wallet(walletId);
    checkTransfers(transfers);
    const readings = this.deps.wallets.readingsOf(wallet.address);
    const need = topUpNeed(wallet, readings, transfers);
    const [timed, fast, burn] = await Promise.allSettled([
      need.order > 0n ? this.deps.commands.quoteTimed('energy', Number(need.order), TOP_UP_PERIOD) : Promise.resolve(null),
      need.order > 0n ? this.deps.commands.quoteFastRecover('energy', Number(need.order)) : Promise.resolve(null),
      this.burnSun(need.missing),
    ]);
    const value = <T>(r: PromiseSettledResult<T | null>): T | null => (r.status === 'fulfilled' ? r.value : null);
    const error = (r: PromiseSettledResult<unknown>): Message | null => (r.status === 'rejected' ? userText(r.reason) : null);
    return {
      walletId,
      transfers,
      energyPerTransfer: need.perTransfer.toString(),
      availableEnergy: need.available.toString(),
      missingEnergy: need.missing.toString(),
      orderEnergy: need.order.toString(),
      burnSun: value(burn)?.toString() ?? null,
      timed: value(timed),
      timedError: error(timed),
      fastRecover: value(fast),
      fastRecoverError: error(fast),
      cheaper: cheaperOption(value(timed), value(fast)),
      basisAt: readingBasis(readings),
    };
  }

  /**
   * Buys what N transfers lack now (from the latest reading), refused when
   * the fresh price is above `maxSun`: the price the user was shown.
   */
  async buy(
    walletId: string,
    transfers: number,
    option: TopUpOption,
    maxSun: bigint,
    origin: PaidOrigin = { via: 'dashboard' },
  ): Promise<OrderView> {
    const wallet = this.wallet(walletId);
    checkTransfers(transfers);
    if (this.busy.has(walletId)) throw new AppError('refused', msg('errors:app.topUpBusy', { name: { name: wallet.label } }));
    const readings = this.deps.wallets.readingsOf(wallet.address);
    // What the wallet "has" predates energy already bought: buying from it would buy that again.
    if (this.deps.wallets.arrivals.waiting(wallet.address, readings)) {
      throw new AppError('refused', this.deps.wallets.arrivals.waitingText(wallet.address, wallet.label) ?? msg('errors:app.topUpNotNow'));
    }
    this.busy.add(walletId);
    try {
      const need = topUpNeed(wallet, readings, transfers);
      if (need.order === 0n) {
        throw new AppError('refused', msg('errors:app.topUpEnough', { name: { name: wallet.label }, count: transfers }));
      }
      const count = Number(need.order);
      const fresh =
        option === 'timed'
          ? await this.deps.commands.quoteTimed('energy', count, TOP_UP_PERIOD)
          : await this.deps.commands.quoteFastRecover('energy', count);
      if (BigInt(fresh.amountSun) > maxSun) {
        const [now, shown] = sunPair(fresh.amountSun, maxSun);
        throw new AppError('refused', msg('errors:app.topUpDearer', { now, shown }));
      }
      const request = { address: wallet.address, count };
      return option === 'timed'
        ? await this.deps.commands.buyTimed({ type: 'energy', period: TOP_UP_PERIOD, ...request }, origin)
        : await this.deps.commands.buyFastRecover({ resourceType: 'energy', ...request }, origin);
    } finally {
      this.busy.delete(walletId);
    }
  }

  /** The tray's click: the cheaper option for the wallet's top-up size, at most 10% above the price the tray showed. */
  async buyFromTray(walletId: string): Promise<void> {
    const wallet = this.deps.wallets.current().find((w) => w.id === walletId);
    const shown = this.trayQuotes.get(walletId);
    if (!wallet || !shown || !this.isCurrent(wallet, shown.basisAt)) return;
    try {
      const quote = await this.quote(walletId, wallet.topUpTransfers);
      const option = quote.cheaper;
      const why = quote.timedError ?? quote.fastRecoverError ?? msg('errors:app.topUpNothingMissing');
      if (option === null) throw new AppError('refused', why);
      // A click in main's own menu is the person's gesture: no dialog, but the daily limit holds.
      await this.buy(walletId, wallet.topUpTransfers, option, shown.costSun + (shown.costSun * TRAY_PRICE_MARGIN_PERCENT) / 100n, {
        via: 'tray',
      });
    } catch (err) {
      // A tray click has no window: say why, as the presets do (a bought order is notified when it finishes).
      this.deps.notifications.walletTopUpNotBought(wallet.label, err);
    } finally {
      this.deps.wallets.publish();
    }
  }

  /** One line per watched wallet, for the tray model. */
  trayWallets(): TrayWallet[] {
    return this.deps.wallets.current().map((wallet) => {
      const readings = this.deps.wallets.readingsOf(wallet.address);
      const reading = readings.resources?.reading;
      const shown = this.trayQuotes.get(wallet.id);
      const arriving = this.deps.wallets.arrivals.waiting(wallet.address, readings);
      let topUp: TrayWallet['topUp'] = null;
      try {
        const need = reading && !arriving ? topUpNeed(wallet, readings, wallet.topUpTransfers) : null;
        const current = shown !== undefined && this.isCurrent(wallet, shown.basisAt);
        if (need && need.order > 0n) topUp = { transfers: wallet.topUpTransfers, costSun: current ? shown.costSun : null };
      } catch {
        topUp = null; // not activated: nothing to offer
      }
      return {
        id: wallet.id,
        label: wallet.label,
        availableEnergy: reading?.energy.available ?? null,
        covered: reading ? transfersCovered(reading.energy.available, energyPerTransfer(wallet)) : null,
        low: isLow(wallet, readings),
        topUp,
        arriving,
        busy: this.busy.has(wallet.id),
      };
    });
  }

  /** Quotes the tray's top-ups when missing, old, or for an energy that moved by more than 5%; one refresh at a time. */
  private async refreshTrayQuotes(): Promise<void> {
    const session = this.deps.sessions.current();
    if (!session || this.quoting) return;
    this.quoting = true;
    let changed = false;
    try {
      for (const wallet of this.deps.wallets.current()) {
        if (this.deps.sessions.current() !== session) return;
        changed = (await this.refreshTrayQuote(wallet)) || changed;
      }
    } finally {
      this.quoting = false;
      // The dashboard and the popover show the same offer as the tray.
      if (changed) this.deps.wallets.publish();
    }
  }

  private async refreshTrayQuote(wallet: WatchedWallet): Promise<boolean> {
    const readings = this.deps.wallets.readingsOf(wallet.address);
    const basisAt = readingBasis(readings);
    let order: bigint;
    try {
      // Energy on its way: nothing is offered until the wallet has been read since (then quoted afresh).
      if (this.deps.wallets.arrivals.waiting(wallet.address, readings)) return this.trayQuotes.delete(wallet.id);
      order = topUpNeed(wallet, readings, wallet.topUpTransfers).order;
    } catch {
      return false;
    }
    const cached = this.trayQuotes.get(wallet.id);
    const now = this.deps.clock.now();
    if (order === 0n || basisAt === null) return this.trayQuotes.delete(wallet.id);
    const moved = cached ? (cached.order > order ? cached.order - order : order - cached.order) * 20n > cached.order : true;
    const current = cached !== undefined && this.isCurrent(wallet, cached.basisAt);
    if (cached && current && cached.transfers === wallet.topUpTransfers && !moved && now - cached.at < TRAY_QUOTE_MS) return false;
    const quotes = await Promise.allSettled([
      this.deps.commands.quoteTimed('energy', Number(order), TOP_UP_PERIOD),
      this.deps.commands.quoteFastRecover('energy', Number(order)),
    ]);
    const [timed, fast] = quotes.map((q): QuoteView | null => (q.status === 'fulfilled' ? q.value : null));
    const cheaper = cheaperOption(timed ?? null, fast ?? null);
    const chosen = cheaper === 'timed' ? timed : cheaper === 'fast_recover' ? fast : null;
    if (!chosen || cheaper === null) return this.trayQuotes.delete(wallet.id);
    this.trayQuotes.set(wallet.id, {
      transfers: wallet.topUpTransfers,
      option: cheaper,
      order,
      costSun: BigInt(chosen.amountSun),
      burnSun: chosen.burnSun,
      at: now,
      basisAt,
    });
    return true;
  }

  private async burnSun(missing: bigint): Promise<bigint | null> {
    return missing === 0n ? 0n : this.deps.burn.burnSun(missing);
  }

  private wallet(id: string): WatchedWallet {
    this.deps.sessions.require();
    const wallet = this.deps.wallets.current().find((w) => w.id === id);
    if (!wallet) throw new AppError('not_found', msg('errors:app.walletGone'));
    return wallet;
  }
}

function checkTransfers(transfers: number): void {
  if (!Number.isInteger(transfers) || transfers < 1 || transfers > MAX_TOP_UP_TRANSFERS) {
    throw new AppError('invalid_request', msg('errors:app.topUpTransfers', { most: MAX_TOP_UP_TRANSFERS }));
  }
}
