import { useId, useState } from 'react';
import type { EnergyPlanView, WalletView } from '../../../../shared/ipc.ts';
import { useCall } from '../../hooks/use-call.ts';
import { onSubmitted, useAddressInput } from '../../hooks/use-order-inputs.ts';
import { addWallet, updateWallet } from '../../state/actions.ts';
import { AddressField } from '../AddressField.tsx';
import { parseCount } from '../count-text.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { refusedNameText } from '../name-text.ts';
import { PLAN_LABELS } from './wallet-text.ts';
import { useFormat, useT, useWords } from '../../i18n.ts';

/** Add a watched wallet (no `wallet`) or edit one: label, how its transfers are planned, the tray's top-up size. */
export function WalletForm({
  wallet,
  initial,
  onDone,
}: {
  wallet?: WalletView;
  initial?: { address: string; label: string };
  onDone(): void;
}) {
  const uid = useId();
  const t = useT();
  const words = useWords();
  const f = useFormat();
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
    label.trim() === '' ? t('walletForm.labelMissing') : refusedNameText(label, t),
    topUpTransfers === null || topUpTransfers < 1 || topUpTransfers > 100 ? t('walletForm.topUpRange') : null,
    plan === 'exact' && !recipient.valid ? t('walletForm.recipientMissing') : null,
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
      if (r.value.warning) setWarning(words(r.value.warning));
      else onDone();
    });
  });
  const title = wallet ? t('wallets.editNamed', { label: wallet.label }) : t('overview.watchWallet');
  return (
    <form className="form" aria-label={title} onSubmit={submit}>
      {!wallet && <h3>{title}</h3>}
      {!wallet && <AddressField {...address.field} label={t('walletForm.sendingAddress')} />}
      <div className="field">
        <label htmlFor={id('label')}>{t('walletForm.label')}</label>
        <input id={id('label')} value={label} maxLength={40} onChange={(e) => setLabel(e.target.value)} />
      </div>
      <fieldset className="field">
        <legend>{t('walletForm.energyPerTransfer')}</legend>
        {(['holder', 'new', 'exact'] as const).map((p) => (
          <label key={p} className="check">
            <input type="radio" name={id('plan')} value={p} checked={plan === p} onChange={() => setPlan(p)} />
            {t(PLAN_LABELS[p], { holder: f.count(64285), fresh: f.count(130285) })}
          </label>
        ))}
      </fieldset>
      {plan === 'exact' && <AddressField {...recipient.field} label={t('walletForm.recipient')} />}
      <div className="field">
        <label htmlFor={id('top-up')}>{t('walletForm.topUpCovers')}</label>
        <input id={id('top-up')} inputMode="numeric" value={topUpText} onChange={(e) => setTopUpText(e.target.value)} />
      </div>
      {problems.length > 0 && <p className="field-error">{problems[0]}</p>}
      <div className="row">
        <button
          type="submit"
          className="primary"
          disabled={pending || warning !== null || problems.length > 0 || (!wallet && !address.valid)}
        >
          {pending ? t('walletForm.checking') : wallet ? t('walletForm.save') : t('walletForm.watchThis')}
        </button>
        <button type="button" onClick={onDone}>
          {warning ? t('walletForm.done') : t('confirm.cancel')}
        </button>
      </div>
      {warning && (
        <p className="warn" role="status">
          {t('walletForm.watching', { warning })}
        </p>
      )}
      <ErrorMessage error={add.error ?? update.error} />
    </form>
  );
}
