// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import { msg, type MessageKey } from '../../../shared/i18n/message.ts';
import type { WalletInput } from '../../../shared/views.ts';
import { addressProblemWords, cleanAddress } from '../../../shared/order-rules.ts';
import { nameProblem, nameProblemText } from '../../../shared/user-names.ts';
import { tronAddressProblem } from '../../base/tron-address.ts';
import { MAX_TOP_UP_TRANSFERS, watchedWalletSchema, type WatchedWallet } from '../../wallets/watched-wallet.ts';
import { AppError } from '../app-error.ts';

/** A wallet's label, plan and top-up size: everything but its address, which stays. */
export type WalletEdit = Omit<WalletInput, 'address'>;

const ROLE_PROBLEM: Readonly<Record<'wallet' | 'recipient', MessageKey>> = {
  wallet: 'errors:app.walletAddress',
  recipient: 'errors:app.recipientAddress',
};

export function checkedAddress(text: string, role: 'wallet' | 'recipient'): string {
  const address = cleanAddress(text);
  const problem = tronAddressProblem(address);
  if (problem !== null) throw new AppError('invalid_request', msg(ROLE_PROBLEM[role], { problem: addressProblemWords(problem) }));
  return address;
}

/** The rules a person can break, in words (the schema below is the last check). */
export function checkInput(input: WalletEdit): void {
  const problem = nameProblem(input.label, 'walletLabel');
  if (problem?.kind === 'empty') throw new AppError('invalid_request', msg('errors:app.walletLabel'));
  if (problem) throw new AppError('invalid_request', nameProblemText(problem, 'walletLabel'));
  if (!Number.isInteger(input.topUpTransfers) || input.topUpTransfers < 1 || input.topUpTransfers > MAX_TOP_UP_TRANSFERS) {
    throw new AppError('invalid_request', msg('errors:app.walletTopUp', { most: MAX_TOP_UP_TRANSFERS }));
  }
}

export function checkedWallet(candidate: unknown): WatchedWallet {
  const parsed = watchedWalletSchema.safeParse(candidate);
  if (!parsed.success) {
    // The checks above say what a person can fix; a wallet the schema still refuses has a field no form sets.
    const field = parsed.error.issues[0]?.path.join('.') || 'wallet';
    throw new AppError('invalid_request', msg('errors:app.invalidWallet', { field }));
  }
  return parsed.data;
}
