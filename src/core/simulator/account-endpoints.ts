import { formPost, queryGet } from './context.ts';
import { smartPriceData, userInfoData } from './format.ts';
import { parseAddress, SimError } from './params.ts';
import { ACTIVATION_FEE_SUN } from './pricing.ts';
import { charge } from './state.ts';

export const userInfo = queryGet((_ctx, { account }) => userInfoData(account.trxSun, account.usdtMicros));

export const activeAccount = formPost((ctx, { account, params }) => {
  const address = parseAddress(params);
  if (!charge(account, ACTIVATION_FEE_SUN)) throw new SimError(403, 'insufficient balance');
  const { state } = ctx;
  if (state.unactivated.has(address) && !state.activationsReadyAt.has(address)) {
    state.activationsReadyAt.set(address, ctx.serverNow() + ctx.timing.activationMs);
  }
  // The transaction hash is filled in by a background task the spec does not expose.
  return { tx_id: '', order_id: state.nextOrderId++ };
});

export const getSmartPrice = queryGet((ctx) => smartPriceData(ctx.smartPriceNumbers));
