import { openExternal } from '../state/actions.ts';
import { useT } from '../i18n.ts';

/** The block explorer's page for a transaction; main opens it in the system browser after checking the URL. */
export function explorerUrl(txId: string): string {
  return `https://tronscan.org/#/transaction/${encodeURIComponent(txId)}`;
}

export function TxLink({ txId }: { txId: string }) {
  const url = explorerUrl(txId);
  const t = useT();
  return (
    <a
      href={url}
      className="mono"
      onClick={(e) => {
        e.preventDefault();
        void openExternal(url);
      }}
      title={t('copy.openTronscan')}
    >
      {txId.length > 16 ? `${txId.slice(0, 8)}…${txId.slice(-6)}` : txId}
    </a>
  );
}
