import { shortenAddress } from '../../../../shared/format.ts';
import type { EnergyPlanView, WalletView } from '../../../../shared/ipc.ts';
import type { KeyOf } from '../../../../shared/i18n/catalogue.ts';
import { ENGLISH_FORMATS, ENGLISH_T, type Formats, type RendererT } from '../../i18n.ts';

/** "1 transfer", "3 transfers" (counts arrive as decimal strings). */
export function transfers(count: string | number, t: RendererT = ENGLISH_T, f: Formats = ENGLISH_FORMATS): string {
  return t('wallets.transfers', { count: Number(count), n: f.count(count) });
}

/** "3 transfers to USDT holders, 1 to new addresses" */
export function coveredText(covered: NonNullable<WalletView['covered']>, t: RendererT = ENGLISH_T, f: Formats = ENGLISH_FORMATS): string {
  return t('wallets.covered', { holders: transfers(covered.toHolders, t, f), fresh: f.count(covered.toNewAddresses) });
}

/** The energy plans' descriptions (catalogue keys; the energy figures are the chain's usual costs). */
export const PLAN_LABELS: Record<EnergyPlanView, KeyOf<'renderer'>> = {
  holder: 'walletForm.planHolder',
  new: 'walletForm.planNew',
  exact: 'walletForm.planExact',
};

export function planText(wallet: WalletView, t: RendererT = ENGLISH_T, f: Formats = ENGLISH_FORMATS): string {
  const per = t('wallets.perTransfer', { energy: f.count(wallet.energyPerTransfer) });
  if (wallet.plan === 'exact' && wallet.exactRecipient)
    return t('wallets.planExact', { per, address: shortenAddress(wallet.exactRecipient) });
  return wallet.plan === 'new' ? t('wallets.planNew', { per }) : t('wallets.planHolder', { per });
}
