// app/orders: the paid-order lifecycle (placing, settling, the daily limit), quotes, order views and reports.
import { basename, dirname } from 'node:path';
import type {
  ExportResultView,
  OrderFilterView,
  PriceHistoryView,
  SpendChartView,
  SpendTotalView,
  TotalsPeriodView,
} from '../../../shared/ipc.ts';
import { writePrivateFileInPieces } from '../../base/atomic-file.ts';
import { periodKey } from '../../base/calendar-period.ts';
import type { Clock } from '../../base/clock.ts';
import { storageReason } from '../../base/sqlite-file.ts';
import { translator } from '../../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import { msg } from '../../../shared/i18n/message.ts';
import { writeOrdersCsv } from '../../orders/order-csv.ts';
import { AppError } from '../app-error.ts';
import { toOrderFilter } from './order-views.ts';
import { chartStart, MAX_CHART_DAYS, spendChart } from './spend-chart.ts';
import type { SaveDialog } from '../ports.ts';
import type { SessionManager } from '../session/session-manager.ts';

export interface HistoryReportsDeps {
  sessions: SessionManager;
  saveDialog: SaveDialog;
  clock: Clock;
  /** The app's language: main draws the dialog, with its title and file type in it (the dialogs catalogue). */
  language?: () => Language;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * What the history adds up to: spend per day, week or month (main's local
 * time, exact in SUN), and the filtered history as a CSV file saved where the
 * person picks in a dialog main draws.
 */
export class HistoryReports {
  private readonly deps: HistoryReportsDeps;

  constructor(deps: HistoryReportsDeps) {
    this.deps = deps;
  }

  totals(filter: OrderFilterView, period: TotalsPeriodView): SpendTotalView[] {
    const session = this.deps.sessions.current();
    if (!session) return [];
    return session.journal.history
      .totals(toOrderFilter(filter), (at) => periodKey(at, period))
      .map((t) => ({
        period: t.period,
        orders: t.orders,
        spentSun: t.spentSun.toString(),
        uncertainSun: t.uncertainSun.toString(),
      }));
  }

  /** Spend per local day of the last `days` days with the saved-vs-burned line; by query (the days' orders, this range's successes). */
  spendChart(days: number): SpendChartView {
    const now = this.deps.clock.now();
    const span = Math.min(Math.max(1, Math.floor(days)), MAX_CHART_DAYS);
    const session = this.deps.sessions.current();
    if (!session) return spendChart([], [], now, span);
    const from = chartStart(now, span);
    const totals = session.journal.history.totals({ from }, (at) => periodKey(at, 'day'));
    return spendChart(totals, session.journal.history.succeededFiguresSince(from), now, span);
  }

  /** The quotes the app made in the last `days` days, per kind, resource and period (price-log.ts). */
  priceHistory(days: number): PriceHistoryView {
    const session = this.deps.sessions.current();
    if (!session) return { series: [] };
    const since = this.deps.clock.now() - Math.min(Math.max(1, Math.floor(days)), MAX_CHART_DAYS) * 86_400_000;
    return {
      series: session.journal.prices
        .series(since)
        .map((s) => ({ ...s, points: s.points.map((p) => ({ at: p.at, unitPriceSun: p.unitPriceSun.toString() })) })),
    };
  }

  async exportCsv(filter: OrderFilterView): Promise<ExportResultView> {
    const session = this.deps.sessions.require();
    const today = new Date(this.deps.clock.now());
    const defaultName = `energy-tray-orders-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`;
    const t = translator(this.deps.language?.() ?? SOURCE_LANGUAGE, 'dialogs');
    const filters = [{ name: t('export.csv'), extensions: ['csv'] }];
    const path = await this.deps.saveDialog.chooseSaveFile({ title: t('export.title'), defaultName, filters });
    if (path === null) return { saved: false, fileName: null, rows: 0 };
    if (this.deps.sessions.current() !== session) throw new AppError('refused', msg('errors:app.accountChangedExport'));
    let rows: number;
    try {
      // Whole or not at all, as every file the app writes: on a full disk no cut CSV (nor a cut older file) is left.
      rows = await writePrivateFileInPieces(path, dirname(path), (write) =>
        writeOrdersCsv(session.journal.history.orders(toOrderFilter(filter)), write),
      );
    } catch (err) {
      throw new AppError('export_failed', msg('errors:app.exportFailed', { file: basename(path), reason: storageReason(err) }));
    }
    return { saved: true, fileName: basename(path), rows };
  }
}
