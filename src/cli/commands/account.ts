import type { Command } from '../command.ts';
import { replyResult } from '../command.ts';
import { renderActivation, renderBalance } from '../render.ts';

export const balance: Command = {
  name: 'balance',
  synopsis: '',
  summary: 'TRX and USDT balances of the account',
  positionals: [],
  options: [],
  run: async (ctx) => replyResult(await (await ctx.api()).userInfo(), renderBalance),
};

export const activate: Command = {
  name: 'activate',
  synopsis: '<address>',
  summary: 'activate a TRON address (paid)',
  positionals: ['address'],
  options: [],
  run: async (ctx) => {
    const [address = ''] = ctx.args;
    return replyResult(await (await ctx.api()).activeAccount(address), renderActivation);
  },
};
