import type { WalletView } from '../../../../shared/wallet-views.ts';
import type { Formats, RendererT } from '../../i18n.ts';

/** Wallets the Overview and the popover show in full; a merchant's others are counted in one line (issue 25). */
export const FEW_WALLETS = 5;

/** A wallet a person should look at: it cannot pay for a planned transfer, or the node's reading failed. */
export const needsAttention = (w: WalletView): boolean => w.low || w.error !== null;

/** Those that need attention first, each group in the list's order. */
export function attentionFirst(wallets: readonly WalletView[]): WalletView[] {
  return [...wallets.filter(needsAttention), ...wallets.filter((w) => !needsAttention(w))];
}

/** The first FEW_WALLETS by attention, and the line counting the rest ("and 996 more wallets, all covered"); null when none is left. */
export function fewWallets(wallets: readonly WalletView[], t: RendererT, f: Formats): { shown: WalletView[]; more: string | null } {
  const ordered = attentionFirst(wallets);
  const rest = ordered.slice(FEW_WALLETS);
  if (rest.length === 0) return { shown: ordered, more: null };
  const covered = rest.every((w) => !needsAttention(w) && w.covered !== null);
  const count = { count: rest.length, n: f.count(rest.length) };
  return { shown: ordered.slice(0, FEW_WALLETS), more: t(covered ? 'wallets.moreCovered' : 'wallets.more', count) };
}
