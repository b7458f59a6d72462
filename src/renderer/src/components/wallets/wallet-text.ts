import { formatCount, shortenAddress } from '../../../../shared/format.ts';
import type { EnergyPlanView, WalletView } from '../../../../shared/ipc.ts';

/** "1 transfer", "3 transfers" (counts arrive as decimal strings). */
export function transfers(count: string | number): string {
  return `${formatCount(count)} transfer${String(count) === '1' ? '' : 's'}`;
}

/** "3 transfers to USDT holders, 1 to new addresses" */
export function coveredText(covered: NonNullable<WalletView['covered']>): string {
  return `${transfers(covered.toHolders)} to USDT holders, ${formatCount(covered.toNewAddresses)} to new addresses`;
}

export const PLAN_LABELS: Record<EnergyPlanView, string> = {
  holder: 'Recipients usually hold USDT (about 64,285 energy a transfer)',
  new: 'Recipients are usually new to USDT (about 130,285 energy a transfer)',
  exact: 'Exact estimate for one recipient (a dry run on the chain)',
};

export function planText(wallet: WalletView): string {
  const per = `${formatCount(wallet.energyPerTransfer)} energy a transfer`;
  if (wallet.plan === 'exact' && wallet.exactRecipient) return `${per} (dry run to ${shortenAddress(wallet.exactRecipient)})`;
  return `${per} (${wallet.plan === 'new' ? 'to new addresses' : 'to USDT holders'})`;
}
