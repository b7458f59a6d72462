/**
 * The eleven specified endpoints (spec section 4): path, method, and whether a
 * call may be repeated safely. `paid` calls create orders or move money; they
 * are never sent twice unless the first attempt provably never left. What
 * each does, for "… while buying energy", is `api.action.*` of the errors catalogue.
 */
export interface EndpointSpec {
  readonly path: string;
  readonly method: 'GET' | 'POST';
  readonly paid: boolean;
}

export const ENDPOINTS = {
  user_info: { path: '/user_info', method: 'GET', paid: false },
  active_account: { path: '/active_account', method: 'POST', paid: true },
  buy_energy: { path: '/buy_energy', method: 'POST', paid: true },
  buy_net: { path: '/buy_net', method: 'POST', paid: true },
  reclaim_energy: { path: '/reclaim_energy', method: 'POST', paid: true },
  query_result: { path: '/query_result', method: 'GET', paid: false },
  query_price: { path: '/query_price', method: 'GET', paid: false },
  // POST in the spec, but read-only: a quote, with its parameters in the URL.
  query_fast_recover_price: { path: '/query_fast_recover_price', method: 'POST', paid: false },
  buy_fast_recover: { path: '/buy_fast_recover', method: 'POST', paid: true },
  query_fast_recover_order: { path: '/query_fast_recover_order', method: 'GET', paid: false },
  get_smart_price: { path: '/get_smart_price', method: 'GET', paid: false },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointName = keyof typeof ENDPOINTS;
