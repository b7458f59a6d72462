/**
 * The eleven specified endpoints (spec section 4): path, method, and whether a
 * call may be repeated safely. `paid` calls create orders or move money; they
 * are never sent twice unless the first attempt provably never left.
 */
export interface EndpointSpec {
  readonly path: string;
  readonly method: 'GET' | 'POST';
  readonly paid: boolean;
  /** What the call does, for error messages: "… while buying energy". */
  readonly action: string;
}

export const ENDPOINTS = {
  user_info: { path: '/user_info', method: 'GET', paid: false, action: 'reading the balance' },
  active_account: { path: '/active_account', method: 'POST', paid: true, action: 'activating the address' },
  buy_energy: { path: '/buy_energy', method: 'POST', paid: true, action: 'buying energy' },
  buy_net: { path: '/buy_net', method: 'POST', paid: true, action: 'buying bandwidth' },
  reclaim_energy: { path: '/reclaim_energy', method: 'POST', paid: true, action: 'reclaiming the delegation' },
  query_result: { path: '/query_result', method: 'GET', paid: false, action: 'reading the order' },
  query_price: { path: '/query_price', method: 'GET', paid: false, action: 'getting the price' },
  // POST in the spec, but read-only: a quote, with its parameters in the URL.
  query_fast_recover_price: { path: '/query_fast_recover_price', method: 'POST', paid: false, action: 'getting the top-up price' },
  buy_fast_recover: { path: '/buy_fast_recover', method: 'POST', paid: true, action: 'buying the top-up' },
  query_fast_recover_order: { path: '/query_fast_recover_order', method: 'GET', paid: false, action: 'reading the top-up order' },
  get_smart_price: { path: '/get_smart_price', method: 'GET', paid: false, action: 'getting the smart delegation prices' },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointName = keyof typeof ENDPOINTS;
