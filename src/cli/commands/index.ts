import type { Command } from '../command.ts';
import { activate, balance } from './account.ts';
import { estimate, resources } from './chain.ts';
import { daemon } from './daemon.ts';
import { fastOrder, fastPrice, fastTopup, smartPrice } from './fast.ts';
import { history } from './history.ts';
import { rules } from './rules.ts';
import { login, logout, status } from './profile.ts';
import { buyEnergy, buyNet, order, price, reclaim } from './timed.ts';
import { watch } from './watch.ts';

/** In the order the usage text lists them. */
export const COMMANDS: readonly Command[] = [
  balance,
  activate,
  price,
  buyEnergy,
  buyNet,
  reclaim,
  order,
  fastPrice,
  fastTopup,
  fastOrder,
  smartPrice,
  watch,
  resources,
  estimate,
  history,
  rules,
  daemon,
  login,
  logout,
  status,
];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}
