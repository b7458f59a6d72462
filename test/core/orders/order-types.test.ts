import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canTransition, isTerminal, ORDER_STATES } from '../../../src/core/orders/order-types.ts';

const state = fc.constantFrom(...ORDER_STATES);
const rank = { submitting: 0, running: 1, stalled: 2, succeeded: 3, failed: 3, outcome_unknown: 3 } as const;

describe('order state transitions', () => {
  it('terminal states never change', () => {
    fc.assert(fc.property(state, state, (from, to) => !isTerminal(from) || !canTransition(from, to)));
  });

  it('states only move forward', () => {
    fc.assert(fc.property(state, state, (from, to) => !canTransition(from, to) || rank[to] > rank[from]));
  });

  it('allows the documented moves', () => {
    expect(canTransition('submitting', 'running')).toBe(true);
    expect(canTransition('submitting', 'outcome_unknown')).toBe(true);
    expect(canTransition('running', 'stalled')).toBe(true);
    expect(canTransition('stalled', 'succeeded')).toBe(true);
    expect(canTransition('stalled', 'failed')).toBe(true);
    expect(canTransition('running', 'outcome_unknown')).toBe(false);
    expect(canTransition('stalled', 'running')).toBe(false);
    expect(canTransition('succeeded', 'failed')).toBe(false);
  });
});
