/**
 * Fault injection. A fault replaces the response of a request, either before
 * the request is processed ('before': nothing happens on the server) or after
 * ('after': the order is created and paid, then the answer is lost), which is
 * how tests produce "paid, outcome unknown".
 */
export type Fault =
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'bad-shape' }
  | { kind: 'code0' }
  | { kind: 'reset' };

export type FaultPhase = 'before' | 'after';

export interface InjectOptions {
  /** How many matching requests it applies to (default 1). */
  times?: number | 'always';
  phase?: FaultPhase;
}

export interface RandomFaultOptions<F = Fault> {
  /** Probability in [0, 1] that a request gets a fault. */
  rate: number;
  kinds: readonly F[];
  /** Default Math.random; inject a seeded one for reproducible soak tests. */
  random?: () => number;
  /** 'mixed' picks before or after at random (default 'before'). */
  phase?: FaultPhase | 'mixed';
}

export interface FaultControl<F = Fault> {
  /** `path` is relative to the base URL, e.g. '/buy_energy' ('/v2/buy_energy' also works). */
  inject(path: string, fault: F, options?: InjectOptions): void;
  /** Removes the injected faults of one path, or all of them and the random mode. */
  clear(path?: string): void;
  setRandomFaults(options: RandomFaultOptions<F> | null): void;
}

export interface ChosenFault<F = Fault> {
  fault: F;
  phase: FaultPhase;
}

interface Injected<F> {
  fault: F;
  phase: FaultPhase;
  remaining: number;
}

export const normalizePath = (path: string): string => (path.startsWith('/v2/') ? path.slice(3) : path);

/** Generic over the fault kinds, so the TRON node simulator reuses it with its own. */
export class FaultTable<F = Fault> implements FaultControl<F> {
  readonly #byPath = new Map<string, Injected<F>[]>();
  #random: RandomFaultOptions<F> | null = null;

  inject(path: string, fault: F, options: InjectOptions = {}): void {
    const times = options.times ?? 1;
    if (times !== 'always' && (!Number.isInteger(times) || times < 1)) throw new RangeError('times must be a positive integer or "always"');
    const key = normalizePath(path);
    const list = this.#byPath.get(key) ?? [];
    list.push({ fault, phase: options.phase ?? 'before', remaining: times === 'always' ? Infinity : times });
    this.#byPath.set(key, list);
  }

  clear(path?: string): void {
    if (path === undefined) {
      this.#byPath.clear();
      this.#random = null;
    } else {
      this.#byPath.delete(normalizePath(path));
    }
  }

  setRandomFaults(options: RandomFaultOptions<F> | null): void {
    if (options && (options.rate < 0 || options.rate > 1 || options.kinds.length === 0)) {
      throw new RangeError('rate must be in [0, 1] and kinds non-empty');
    }
    this.#random = options;
  }

  /** The fault for this request, if any, consuming one use of an injected fault (first injected first). */
  take(path: string): ChosenFault<F> | undefined {
    const list = this.#byPath.get(path);
    const head = list?.[0];
    if (list && head) {
      head.remaining -= 1;
      if (head.remaining <= 0) list.shift();
      return { fault: head.fault, phase: head.phase };
    }
    const random = this.#random;
    if (!random) return undefined;
    const draw = random.random ?? Math.random;
    if (draw() >= random.rate) return undefined;
    const fault = random.kinds[Math.min(random.kinds.length - 1, Math.floor(draw() * random.kinds.length))]!;
    const phase = random.phase === 'mixed' ? (draw() < 0.5 ? 'before' : 'after') : (random.phase ?? 'before');
    return { fault, phase };
  }
}
