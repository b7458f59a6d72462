/**
 * Why a poller is paused ('suspend', 'offline', 'auth', 'paused from the
 * tray', …): paused while any reason is left, so waking from sleep does not
 * undo a pause the user asked for.
 */
export class PauseReasons {
  private readonly reasons = new Set<string>();

  /** Adds a reason; true when this is what paused it. */
  add(reason: string): boolean {
    const was = this.paused;
    this.reasons.add(reason);
    return !was;
  }

  /** Lifts one reason (or all); true when this is what un-paused it. */
  lift(reason?: string): boolean {
    if (!this.paused) return false;
    if (reason === undefined) this.reasons.clear();
    else this.reasons.delete(reason);
    return !this.paused;
  }

  get paused(): boolean {
    return this.reasons.size > 0;
  }

  list(): string[] {
    return [...this.reasons];
  }
}
