import type { Clock } from '../../base/clock.ts';
import { checkSpendLimit, spendStatus, type SpendStatus } from '../../orders/spend-limit.ts';
import type { Session } from '../session/session.ts';
import type { SettingsService } from '../session/settings-service.ts';

/**
 * The daily spending limit of the settings, applied to the live session's
 * order history. OrderCommands checks it on every paid path before asking
 * and again as the intent is journaled.
 */
export class DailyLimit {
  private readonly settings: SettingsService;
  private readonly clock: Clock;

  constructor(deps: { settings: SettingsService; clock: Clock }) {
    this.settings = deps.settings;
    this.clock = deps.clock;
  }

  limitSun(): bigint {
    return BigInt(this.settings.current.dailyLimitSun);
  }

  status(session: Session): SpendStatus {
    return spendStatus(session.ledger, this.limitSun(), this.clock.now());
  }

  /** Throws SpendLimitError when `costSun` does not fit in what is left today. */
  check(session: Session, costSun: bigint): SpendStatus {
    return checkSpendLimit(session.ledger, this.limitSun(), costSun, this.clock.now());
  }
}
