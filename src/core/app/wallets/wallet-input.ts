import type { WalletInput } from '../../../shared/views.ts';
import { addressProblemText, cleanAddress } from '../../../shared/order-rules.ts';
import { nameProblem, nameProblemText } from '../../../shared/user-names.ts';
import { tronAddressProblem } from '../../base/tron-address.ts';
import { MAX_TOP_UP_TRANSFERS, watchedWalletSchema, type WatchedWallet } from '../../wallets/watched-wallet.ts';
import { AppError } from '../app-error.ts';

/** What a person enters for a watched wallet, checked before anything is asked of the node or saved. */

export function checkedAddress(text: string, role: 'wallet' | 'recipient'): string {
  const address = cleanAddress(text);
  const problem = tronAddressProblem(address);
  if (problem !== null) throw new AppError('invalid_request', `The ${role} address: ${addressProblemText(problem)}`);
  return address;
}

/** The rules a person can break, in words (the schema below is the last check). */
export function checkInput(input: Omit<WalletInput, 'address'>): void {
  const problem = nameProblem(input.label, 'walletLabel');
  if (problem?.kind === 'empty') throw new AppError('invalid_request', 'Enter a label for the wallet, for example “Payroll”.');
  if (problem) throw new AppError('invalid_request', nameProblemText(problem, 'label'));
  if (!Number.isInteger(input.topUpTransfers) || input.topUpTransfers < 1 || input.topUpTransfers > MAX_TOP_UP_TRANSFERS) {
    throw new AppError('invalid_request', `A top-up covers 1 to ${MAX_TOP_UP_TRANSFERS} transfers.`);
  }
}

export function checkedWallet(candidate: unknown): WatchedWallet {
  const parsed = watchedWalletSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || 'wallet'}: ${issue.message}` : 'malformed';
    throw new AppError('invalid_request', `Invalid wallet: ${where}.`);
  }
  return parsed.data;
}
