import type { Sun } from '../base/money.ts';

/** Says "low" once per crossing below the threshold; re-arms at or above it, or when the threshold changes. */
export class LowBalanceWatch {
  private threshold: Sun | null;
  private armed = true;

  constructor(threshold: Sun | null = null) {
    this.threshold = threshold;
  }

  get thresholdSun(): Sun | null {
    return this.threshold;
  }

  setThreshold(threshold: Sun | null): void {
    this.threshold = threshold;
    this.armed = true;
  }

  /** True when this balance is a new crossing below the threshold. */
  crossedBelow(trxSun: Sun): boolean {
    if (this.threshold === null) return false;
    if (trxSun >= this.threshold) {
      this.armed = true;
      return false;
    }
    const crossed = this.armed;
    this.armed = false;
    return crossed;
  }
}
