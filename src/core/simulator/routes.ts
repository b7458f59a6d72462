import { activeAccount, getSmartPrice, userInfo } from './account-endpoints.ts';
import type { Endpoint } from './context.ts';
import { buyFastRecover, queryFastRecoverOrder, queryFastRecoverPrice } from './fast-endpoints.ts';
import { buyEnergy, buyNet, queryPrice, queryResult, reclaimEnergy } from './timed-endpoints.ts';

/** The eleven endpoints of spec section 4, relative to the /v2 base path. */
export const ROUTES: ReadonlyMap<string, Endpoint> = new Map([
  ['/user_info', userInfo],
  ['/active_account', activeAccount],
  ['/buy_energy', buyEnergy],
  ['/buy_net', buyNet],
  ['/reclaim_energy', reclaimEnergy],
  ['/query_result', queryResult],
  ['/query_price', queryPrice],
  ['/query_fast_recover_price', queryFastRecoverPrice],
  ['/buy_fast_recover', buyFastRecover],
  ['/query_fast_recover_order', queryFastRecoverOrder],
  ['/get_smart_price', getSmartPrice],
]);

export const BASE_PATH = '/v2';
