import { useId, useState } from 'react';
import { formatCount, formatTrx } from '../../../../shared/format.ts';
import type { TransferEstimateView } from '../../../../shared/ipc.ts';
import { useCall } from '../../hooks/use-call.ts';
import { onSubmitted, useAddressInput } from '../../hooks/use-order-inputs.ts';
import { estimateTransfer } from '../../state/actions.ts';
import { useAppStore } from '../../state/app-store.ts';
import { AddressField } from '../AddressField.tsx';
import { ErrorMessage } from '../ErrorMessage.tsx';

function EstimateResult({ estimate }: { estimate: TransferEstimateView }) {
  const burn = BigInt(estimate.energyBurnSun) + BigInt(estimate.bandwidthBurnSun);
  return (
    <dl className="facts" data-testid="estimate">
      <dt>Energy</dt>
      <dd>
        {formatCount(estimate.energy)}
        {estimate.energyPenalty !== '0' && ` (of which ${formatCount(estimate.energyPenalty)} penalty)`}
      </dd>
      <dt>Bandwidth</dt>
      <dd>{formatCount(estimate.bandwidth)} bytes</dd>
      <dt>Recipient</dt>
      <dd>{estimate.recipientHoldsUsdt ? 'holds USDT' : 'holds no USDT: the transfer creates its balance'}</dd>
      <dt>Sender has</dt>
      <dd>
        {estimate.activated
          ? `${formatCount(estimate.availableEnergy)} energy, ${formatCount(estimate.availableBandwidth)} bytes of bandwidth, ${formatTrx(estimate.trxSun)}`
          : 'nothing: the address is not activated'}
      </dd>
      <dt>Missing</dt>
      <dd>{estimate.missingEnergy === '0' ? 'nothing' : `${formatCount(estimate.missingEnergy)} energy`}</dd>
      <dt>Burning TRX</dt>
      <dd>
        {burn === 0n ? 'nothing would be burned' : `${formatTrx(burn)} would be burned`} (energy at {estimate.energyFeeSun} SUN)
      </dd>
    </dl>
  );
}

/** "Estimate a transfer from A to B" against the TRON node: a dry run, nothing is sent. */
export function EstimateForm() {
  const uid = useId();
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
      <h2 id={`${uid}-title`}>Estimate a USDT transfer</h2>
      <p className="muted small">A dry run on the TRON node: nothing is sent or signed.</p>
      {wallets.length > 0 && (
        <div className="row">
          {wallets.map((w) => (
            <button key={w.id} type="button" aria-pressed={from.clean === w.address} onClick={() => from.field.onChange(w.address)}>
              From {w.label}
            </button>
          ))}
        </div>
      )}
      <AddressField {...from.field} label="From" />
      <AddressField {...to.field} label="To" />
      <div className="field">
        <label htmlFor={`${uid}-amount`}>Amount (USDT, optional)</label>
        <input id={`${uid}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </div>
      <button type="submit" disabled={estimate.pending || !from.valid || !to.valid}>
        {estimate.pending ? 'Estimating…' : 'Estimate'}
      </button>
      <ErrorMessage error={estimate.error} />
      {result && !estimate.error && <EstimateResult estimate={result} />}
    </form>
  );
}
