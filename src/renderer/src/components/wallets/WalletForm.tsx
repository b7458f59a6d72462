import { useId, useState } from 'react';
import type { EnergyPlanView, WalletView } from '../../../../shared/ipc.ts';
import { useCall } from '../../hooks/use-call.ts';
import { onSubmitted, useAddressInput } from '../../hooks/use-order-inputs.ts';
import { addWallet, updateWallet } from '../../state/actions.ts';
import { AddressField } from '../AddressField.tsx';
import { parseCount } from '../count-text.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { PLAN_LABELS } from './wallet-text.ts';

/** Add a watched wallet (no `wallet`) or edit one: label, how its transfers are planned, the tray's top-up size. */
export function WalletForm({ wallet, initial, onDone }: { wallet?: WalletView; initial?: { address: string; label: string }; onDone(): void }) {
  const uid = useId();
  const id = (name: string): string => `${uid}-${name}`;
  const address = useAddressInput(wallet?.address ?? initial?.address ?? '', wallet !== undefined || initial !== undefined);
  const recipient = useAddressInput(wallet?.exactRecipient ?? '', (wallet?.exactRecipient ?? null) !== null);
  const [label, setLabel] = useState(wallet?.label ?? initial?.label ?? '');
  const [plan, setPlan] = useState<EnergyPlanView>(wallet?.plan ?? 'holder');
  const [topUpText, setTopUpText] = useState(String(wallet?.topUpTransfers ?? 2));
  const [warning, setWarning] = useState<string | null>(null);
  const add = useCall(addWallet);
  const update = useCall(updateWallet);
  const topUpTransfers = parseCount(topUpText);
  const problems = [
    label.trim() === '' ? 'Give the wallet a label, for example “Payroll”.' : null,
    topUpTransfers === null || topUpTransfers < 1 || topUpTransfers > 100 ? 'The top-up covers 1 to 100 transfers.' : null,
    plan === 'exact' && !recipient.valid ? 'Enter the recipient to estimate for.' : null,
  ].filter((p): p is string => p !== null);
  const pending = add.pending || update.pending;
  const submit = onSubmitted(() => {
    if (problems.length > 0 || topUpTransfers === null || (!wallet && !address.valid)) return;
    const fields = { label: label.trim(), plan, exactRecipient: plan === 'exact' ? recipient.clean : null, topUpTransfers };
    if (wallet) {
      void update.run(wallet.id, fields).then((v) => v && onDone());
      return;
    }
    void add.runResult({ address: address.clean, ...fields }).then((r) => {
      if (!r.ok) return;
      if (r.value.warning) setWarning(r.value.warning);
      else onDone();
    });
  });
  const title = wallet ? `Edit ${wallet.label}` : 'Watch a wallet';
  return (
    <form className="form" aria-label={title} onSubmit={submit}>
      {!wallet && <h3>{title}</h3>}
      {!wallet && <AddressField {...address.field} label="Sending address" />}
      <div className="field">
        <label htmlFor={id('label')}>Label</label>
        <input id={id('label')} value={label} maxLength={40} onChange={(e) => setLabel(e.target.value)} />
      </div>
      <fieldset className="field">
        <legend>Energy a transfer</legend>
        {(['holder', 'new', 'exact'] as const).map((p) => (
          <label key={p} className="check">
            <input type="radio" name={id('plan')} value={p} checked={plan === p} onChange={() => setPlan(p)} />
            {PLAN_LABELS[p]}
          </label>
        ))}
      </fieldset>
      {plan === 'exact' && <AddressField {...recipient.field} label="Recipient to estimate for" />}
      <div className="field">
        <label htmlFor={id('top-up')}>Tray top-up covers (transfers)</label>
        <input id={id('top-up')} inputMode="numeric" value={topUpText} onChange={(e) => setTopUpText(e.target.value)} />
      </div>
      {problems.length > 0 && <p className="field-error">{problems[0]}</p>}
      <div className="row">
        <button type="submit" className="primary" disabled={pending || warning !== null || problems.length > 0 || (!wallet && !address.valid)}>
          {pending ? 'Checking on chain…' : wallet ? 'Save' : 'Watch this wallet'}
        </button>
        <button type="button" onClick={onDone}>
          {warning ? 'Done' : 'Cancel'}
        </button>
      </div>
      {warning && (
        <p className="warn" role="status">
          Watching it. {warning}
        </p>
      )}
      <ErrorMessage error={add.error ?? update.error} />
    </form>
  );
}
