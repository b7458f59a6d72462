import { useId, useState } from 'react';
import { useFormat, useT } from '../../i18n.ts';
import type { TransferEstimateView } from '../../../../shared/ipc.ts';
import { useCall } from '../../hooks/use-call.ts';
import { onSubmitted, useAddressInput } from '../../hooks/use-order-inputs.ts';
import { estimateTransfer } from '../../state/actions.ts';
import { useAppStore } from '../../state/app-store.ts';
import { AddressField } from '../AddressField.tsx';
import { ErrorMessage } from '../ErrorMessage.tsx';

/** energy_used includes the dynamic-energy penalty; the rest is the call's base energy. */
const energyBase = (estimate: TransferEstimateView): string => (BigInt(estimate.energy) - BigInt(estimate.energyPenalty)).toString();

function EstimateResult({ estimate }: { estimate: TransferEstimateView }) {
  const burn = BigInt(estimate.energyBurnSun) + BigInt(estimate.bandwidthBurnSun);
  const t = useT();
  const f = useFormat();
  return (
    <dl className="facts" data-testid="estimate">
      <dt>{t('wallets.energy')}</dt>
      <dd>
        {f.count(estimate.energy)}
        {estimate.energyPenalty !== '0' &&
          t('estimate.penalty', { base: f.count(energyBase(estimate)), penalty: f.count(estimate.energyPenalty) })}
      </dd>
      <dt>{t('wallets.bandwidth')}</dt>
      <dd>{t('wallets.bytes', { n: f.count(estimate.bandwidth) })}</dd>
      <dt>{t('estimate.recipient')}</dt>
      <dd>{estimate.recipientHoldsUsdt ? t('estimate.holdsUsdt') : t('estimate.holdsNoUsdt')}</dd>
      <dt>{t('estimate.senderHas')}</dt>
      <dd>
        {estimate.activated
          ? t('estimate.available', { energy: f.count(estimate.availableEnergy), bandwidth: f.count(estimate.availableBandwidth), trx: f.trx(estimate.trxSun) })
          : t('estimate.notActivated')}
      </dd>
      <dt>{t('estimate.missing')}</dt>
      <dd>{estimate.missingEnergy === '0' ? t('estimate.nothing') : t('common.energyAmount', { amount: f.count(estimate.missingEnergy) })}</dd>
      <dt>{t('estimate.burning')}</dt>
      <dd>
        {burn === 0n ? t('estimate.noBurn') : t('estimate.burned', { trx: f.trx(burn) })}
        {t('estimate.energyFee', { fee: estimate.energyFeeSun })}
      </dd>
    </dl>
  );
}

/** "Estimate a transfer from A to B" against the TRON node: a dry run, nothing is sent. */
export function EstimateForm() {
  const uid = useId();
  const t = useT();
  const wallets = useAppStore((s) => s.wallets.wallets);
  const from = useAddressInput(wallets[0]?.address ?? '', wallets.length > 0);
  const to = useAddressInput();
  const [amount, setAmount] = useState('');
  const estimate = useCall(estimateTransfer);
  const [result, setResult] = useState<TransferEstimateView | null>(null);
  const submit = onSubmitted(() => {
    if (!from.valid || !to.valid) return;
    void estimate.run({ from: from.clean, to: to.clean, amountUsdt: amount.trim() === '' ? null : amount.trim() }).then((r) => setResult(r ?? null));
  });
  return (
    <form className="card form" aria-labelledby={`${uid}-title`} onSubmit={submit}>
      <h2 id={`${uid}-title`}>{t('estimate.title')}</h2>
      <p className="muted small">{t('estimate.about')}</p>
      {wallets.length > 0 && (
        <div className="row">
          {wallets.map((w) => (
            <button key={w.id} type="button" aria-pressed={from.clean === w.address} onClick={() => from.field.onChange(w.address)}>
              {t('estimate.fromWallet', { label: w.label })}
            </button>
          ))}
        </div>
      )}
      <AddressField {...from.field} label={t('estimate.from')} />
      <AddressField {...to.field} label={t('estimate.to')} />
      <div className="field">
        <label htmlFor={`${uid}-amount`}>{t('estimate.amount')}</label>
        <input id={`${uid}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </div>
      <button type="submit" disabled={estimate.pending || !from.valid || !to.valid}>
        {estimate.pending ? t('estimate.estimating') : t('estimate.estimate')}
      </button>
      <ErrorMessage error={estimate.error} />
      {result && !estimate.error && <EstimateResult estimate={result} />}
    </form>
  );
}
