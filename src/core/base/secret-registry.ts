/**
 * The secrets currently in use (API secret, API key, signatures). The logger
 * scrubs every registered value from every line, as a last line of defence
 * behind the rule that secrets are never passed to it at all.
 */
export class SecretRegistry {
  private readonly values = new Set<string>();

  add(value: string): void {
    // Very short values would scrub ordinary words; real keys and secrets are long.
    if (value.length >= 8) this.values.add(value);
  }

  delete(value: string): void {
    this.values.delete(value);
  }

  scrub(text: string): string {
    let out = text;
    for (const value of this.values) {
      if (out.includes(value)) out = out.split(value).join('[REDACTED]');
    }
    return out;
  }

  scrubDeep(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.scrub(value);
    // Errors are left to the logger's err serializer, which scrubs their message.
    if (depth > 8 || value === null || typeof value !== 'object' || value instanceof Error) return value;
    if (Array.isArray(value)) return value.map((v) => this.scrubDeep(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = this.scrubDeep(v, depth + 1);
    return out;
  }
}
