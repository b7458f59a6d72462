import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RequestEvent } from '../../core/api/client.ts';
import type { AppServices } from '../../core/app/app-wiring.ts';
import type { NodeRequestEvent } from '../../core/chain/node-transport.ts';
import type { Evaluation } from '../../core/rules/rule-evaluator.ts';
import type { TrackedOrder } from '../../core/orders/order-types.ts';
import { dailyLimitStatus } from '../../core/orders/paid-order.ts';

const FINAL = new Set(['succeeded', 'failed', 'outcome_unknown']);

/** Whole SUN as a gauge's number: exact up to 2^53 SUN (9 billion TRX). */
const sunValue = (sun: bigint | string): number => Number(sun);

/**
 * The daemon's Prometheus metrics (prom-client), names in base units with
 * _total for counters. Gauges are read from the core's services when
 * scraped; counters count what this process saw since it started. Wallets
 * are labelled by their label, not their address, unless the file asks for
 * addresses; no secret is ever a value or a label.
 */
export class DaemonMetrics {
  readonly registry = new Registry();
  private services: AppServices | null = null;
  private profile = '';
  private readonly states = new Map<string, string>();
  private nodeAnswered: boolean | null = null;
  private readonly withAddresses: boolean;
  private readonly g;
  private readonly c;

  // Prometheus HELP lines document the metrics for the people who query them, in English as every exporter's do.
  /* eslint-disable no-restricted-syntax */
  constructor(options: { addresses: boolean }) {
    this.withAddresses = options.addresses;
    const registers = [this.registry];
    const byProfile = ['profile'];
    const byWallet = ['profile', 'wallet'];
    const gauge = (name: string, help: string, labelNames: string[] = []): Gauge => new Gauge({ name, help, labelNames, registers });
    this.g = {
      balance: gauge('energy_tray_balance_sun', 'Account balance at the service (TRX in SUN; USDT in micro-USDT)', ['profile', 'currency']),
      dailyLimit: gauge('energy_tray_daily_limit_sun', 'Daily spending limit in SUN', byProfile),
      lowBalance: gauge('energy_tray_low_balance_threshold_sun', 'The TRX balance warned about below, in SUN', byProfile),
      spentToday: gauge('energy_tray_spent_today_sun', 'Spent today against the daily limit, in SUN', byProfile),
      energy: gauge(
        'energy_tray_wallet_energy_available',
        'Energy a watched wallet has now: as read, or predicted from the last read (see energy_tray_wallet_read_age_seconds)',
        byWallet,
      ),
      readAge: gauge('energy_tray_wallet_read_age_seconds', 'Seconds since the wallet was last read from the TRON node', byWallet),
      covered: gauge('energy_tray_wallet_transfers_covered', 'Transfers the energy covers, as planned', byWallet),
      ruleStopped: gauge('energy_tray_rule_stopped', '1 while a rule is stopped on an unknown outcome', ['profile', 'rule']),
      serviceUp: gauge('energy_tray_service_up', '1 when the last balance read got an answer'),
      nodeUp: gauge('energy_tray_node_up', '1 when the last TRON node request got an answer'),
      nodeBudget: gauge('energy_tray_node_budget_requests', "The node key's daily request budget"),
      nodeUsedToday: gauge('energy_tray_node_requests_today', 'Requests the node key has had since the UTC day began'),
      nodeBudgetShort: gauge('energy_tray_node_budget_short', '1 while the budget runs short and wallet reads are widened'),
    };
    this.c = {
      orders: new Counter({
        name: 'energy_tray_orders_total',
        help: 'Orders that reached an outcome',
        labelNames: ['profile', 'kind', 'outcome'],
        registers,
      }),
      assistantOrders: new Counter({
        name: 'energy_tray_assistant_orders_total',
        help: 'Orders an AI assistant placed (energy-tray mcp) that reached an outcome, also in energy_tray_orders_total',
        labelNames: ['profile', 'kind', 'outcome'],
        registers,
      }),
      decisions: new Counter({
        name: 'energy_tray_rule_decisions_total',
        help: 'Auto top-up decisions recorded',
        labelNames: ['profile', 'rule', 'reason'],
        registers,
      }),
      duration: new Histogram({
        name: 'energy_tray_request_duration_seconds',
        help: 'Request time by target and endpoint',
        labelNames: ['target', 'endpoint'],
        registers,
      }),
      nodeRequests: new Counter({ name: 'energy_tray_node_requests_total', help: 'Requests sent to the TRON node', registers }),
    };
    collectDefaultMetrics({ register: this.registry });
  }
  /* eslint-enable no-restricted-syntax */

  attach(services: AppServices, profile: string): void {
    this.services = services;
    this.profile = profile;
    services.sessions.events.on('opened', ({ session, live }) => {
      session.scheduler.events.on('orderUpdated', (order) => {
        if (live()) this.order(order);
      });
    });
    services.rules.onDecided((e) => this.decided(e));
  }

  apiRequest(e: RequestEvent): void {
    this.c.duration.observe({ target: 'service', endpoint: e.endpoint }, e.ms / 1000);
  }

  nodeRequest(e: NodeRequestEvent): void {
    this.c.nodeRequests.inc();
    this.c.duration.observe({ target: 'node', endpoint: e.endpoint }, e.ms / 1000);
    this.nodeAnswered = e.status !== undefined && e.status < 500 && e.status !== 429;
  }

  /** The text format, gauges read now. */
  async text(): Promise<string> {
    this.refresh();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private order(order: TrackedOrder): void {
    const before = this.states.get(order.localId);
    if (before === order.state) return;
    this.states.set(order.localId, order.state);
    // An order told again in the same final state (a refresh, a reload's new core) is counted once: its id stays known.
    if (!FINAL.has(order.state)) return;
    const labels = { profile: this.profile, kind: order.kind, outcome: order.state };
    this.c.orders.inc(labels);
    // The MCP server runs beside the daemon without the profile's lock; its orders reach this process through the store.
    if (order.assistant) this.c.assistantOrders.inc(labels);
  }

  private decided({ rule, record }: Evaluation): void {
    this.c.decisions.inc({ profile: this.profile, rule: rule.name, reason: record.reason });
  }

  private refresh(): void {
    const s = this.services;
    const profile = this.profile;
    const session = s?.sessions.current() ?? null;
    const balance = s?.balance.view() ?? null;
    if (s) this.g.lowBalance.set({ profile }, sunValue(s.settings.lowBalanceThresholdSun()));
    this.g.serviceUp.set(s?.balance.healthView().status === 'ok' ? 1 : 0);
    this.g.nodeUp.set(this.nodeAnswered === true ? 1 : 0);
    this.g.balance.reset();
    if (balance) {
      this.g.balance.set({ profile, currency: 'TRX' }, sunValue(balance.trxSun));
      this.g.balance.set({ profile, currency: 'USDT' }, sunValue(balance.usdtMicros));
    }
    if (!s || !session) return;
    const spend = dailyLimitStatus({ journal: session.journal, limit: s.limit });
    this.g.dailyLimit.set({ profile }, sunValue(spend.limitSun));
    this.g.spentToday.set({ profile }, sunValue(spend.spentSun));
    this.g.energy.reset();
    this.g.covered.reset();
    this.g.readAge.reset();
    // Between reads the energy is a prediction (core/chain's recovery formula): the read's age says how far it reaches.
    const now = Date.now();
    for (const w of s.wallets.list().wallets) {
      const wallet = this.withAddresses ? w.address : w.label;
      if (w.energy) this.g.energy.set({ profile, wallet }, Number(w.energy.available));
      if (w.readAt !== null) this.g.readAge.set({ profile, wallet }, Math.max(0, (now - w.readAt) / 1_000));
      if (w.covered) this.g.covered.set({ profile, wallet }, Number(w.covered.planned));
    }
    const budget = s.wallets.budgetStatus();
    if (budget) {
      this.g.nodeBudget.set(budget.budget);
      this.g.nodeUsedToday.set(budget.usedToday);
      this.g.nodeBudgetShort.set(budget.plan.short.length > 0 ? 1 : 0);
    }
    this.g.ruleStopped.reset();
    for (const r of s.rules.list().rules) this.g.ruleStopped.set({ profile, rule: r.name }, r.state === 'stopped' ? 1 : 0);
  }
}
