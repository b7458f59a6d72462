import { useCallback, useEffect, useRef, useState } from 'react';
import { useEscape } from '../hooks/use-escape.ts';
import { shortenAddress } from '../../../shared/format.ts';
import { ENGLISH_FORMATS, ENGLISH_T, useFormat, useT, type Formats, type RendererT } from '../i18n.ts';
import { resourceAmount } from './order-text.ts';
import type { PresetView } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { onSubmitted, useAddressInput } from '../hooks/use-order-inputs.ts';
import { addDefaultPresets, deletePreset, reorderPresets, runPreset, selectOrder } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { useResultFocus } from '../hooks/use-result-focus.ts';
import { AddressField } from './AddressField.tsx';
import { PresetEditor } from './PresetEditor.tsx';
import { PresetQuote } from './PresetQuote.tsx';

export function presetSummary(p: PresetView, t: RendererT = ENGLISH_T, f: Formats = ENGLISH_FORMATS): string {
  const what = resourceAmount(p.count, p.resource, t, f);
  const address = shortenAddress(p.address);
  return p.kind === 'timed' ? t('presets.timed', { what, period: p.period ?? '', address }) : t('presets.fast', { what, address });
}

/** A second step before a preset is gone: it cannot be undone (adding it again asks main's approval again). */
function ConfirmDelete({ name, onDelete, onKeep }: { name: string; onDelete(): void; onKeep(): void }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  useEscape(onKeep);
  useEffect(() => keepRef.current?.focus(), []);
  const t = useT();
  return (
    <div className="confirm" role="group" aria-label={t('presets.deleteAsk', { name })}>
      <p>{t('presets.deleteExplain', { name })}</p>
      <div className="row">
        <button type="button" onClick={onDelete}>
          {t('presets.deleteConfirm', { name })}
        </button>
        <button type="button" ref={keepRef} className="primary" onClick={onKeep}>
          {t('presets.keep')}
        </button>
      </div>
    </div>
  );
}

function PresetRow({ preset, index, count }: { preset: PresetView; index: number; count: number }) {
  const presets = useAppStore((s) => s.presets);
  const run = useCall(useCallback(() => runPreset(preset.id), [preset.id]));
  const remove = useCall(useCallback(() => deletePreset(preset.id), [preset.id]));
  const move = useCall(reorderPresets);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const keep = (): void => {
    setConfirmDelete(false);
    requestAnimationFrame(() => deleteRef.current?.focus());
  };
  const editRef = useRef<HTMLButtonElement>(null);
  const closeEditor = (): void => {
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  };
  const [placed, setPlaced] = useState<string | null>(null);
  const { ref: resultLine, focus: focusResult, asked } = useResultFocus<HTMLDivElement>();
  const t = useT();
  const f = useFormat();

  const reorder = (delta: number) => {
    const ids = presets.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + delta, 0, moved);
    void move.run(ids);
  };

  if (editing)
    return (
      <li className="preset">
        <PresetEditor preset={preset} onDone={closeEditor} />
      </li>
    );
  return (
    <li className="preset" data-testid="preset-row">
      <div className="preset-main">
        <strong>{preset.name}</strong>
        <span className="muted">
          {t('presets.summaryCap', { summary: presetSummary(preset, t, f), cap: f.money(preset.capSun, 'price') })}
        </span>
        <span className="small">
          {t('presets.now')} <PresetQuote preset={preset} />
        </span>
      </div>
      <div className="preset-actions">
        <button
          type="button"
          className="primary"
          disabled={preset.busy || run.pending}
          onClick={() => {
            setPlaced(null);
            focusResult();
            void run.run().then((order) => setPlaced(order ? order.localId : null));
          }}
        >
          {preset.busy || run.pending ? t('presets.buying') : t('presets.run')}
        </button>
        <button type="button" ref={editRef} onClick={() => setEditing(true)} aria-label={t('presets.editNamed', { name: preset.name })}>
          {t('presets.edit')}
        </button>
        <button type="button" onClick={() => reorder(-1)} disabled={index === 0} aria-label={t('presets.moveUp', { name: preset.name })}>
          ↑
        </button>
        <button
          type="button"
          onClick={() => reorder(1)}
          disabled={index === count - 1}
          aria-label={t('presets.moveDown', { name: preset.name })}
        >
          ↓
        </button>
        <button
          type="button"
          ref={deleteRef}
          onClick={() => setConfirmDelete(true)}
          aria-label={t('presets.deleteNamed', { name: preset.name })}
          aria-expanded={confirmDelete}
        >
          {t('presets.delete')}
        </button>
      </div>
      {confirmDelete && <ConfirmDelete name={preset.name} onDelete={() => void remove.run()} onKeep={keep} />}
      <ErrorMessage error={remove.error ?? move.error} />
      {/* A run's result line: focus is here from the click on (main asks first), then it says what happened. */}
      {(asked > 0 || run.error || placed) && (
        <div className="result-line" tabIndex={-1} ref={resultLine} data-testid="result-line">
          {run.pending && (
            <p className="muted" role="status">
              {t('paid.waiting')}
            </p>
          )}
          <ErrorMessage error={run.error} />
          {placed && (
            <p className="ok" role="status">
              {t('presets.placed')}{' '}
              <button type="button" className="link" onClick={() => selectOrder(placed)}>
                {t('presets.follow')}
              </button>
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** The empty state offers the sensible defaults for one address (65k and 131k energy for 1h, a 65k fast recover). */
function DefaultPresetsOffer() {
  const address = useAddressInput();
  const add = useCall(addDefaultPresets);
  const t = useT();
  return (
    <form className="form" aria-label={t('presets.defaults')} onSubmit={onSubmitted(() => address.valid && void add.run(address.clean))}>
      <p className="muted">{t('presets.defaultsHint')}</p>
      <AddressField {...address.field} />
      <button type="submit" disabled={!address.valid || add.pending}>
        {t('presets.createDefaults')}
      </button>
      <ErrorMessage error={add.error} />
    </form>
  );
}

export function PresetsPanel() {
  const presets = useAppStore((s) => s.presets);
  const [adding, setAdding] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  const doneAdding = (): void => {
    setAdding(false);
    requestAnimationFrame(() => addRef.current?.focus());
  };
  return (
    <section className="card" aria-labelledby="presets-title">
      <div className="card-head">
        <h2 id="presets-title">{t('presets.title')}</h2>
        {!adding && (
          <button type="button" ref={addRef} onClick={() => setAdding(true)}>
            {t('presets.add')}
          </button>
        )}
      </div>
      {adding && <PresetEditor preset={null} onDone={doneAdding} />}
      {presets.length === 0 && !adding ? (
        <DefaultPresetsOffer />
      ) : (
        <ul className="presets">
          {presets.map((p, i) => (
            <PresetRow key={p.id} preset={p} index={i} count={presets.length} />
          ))}
        </ul>
      )}
    </section>
  );
}
