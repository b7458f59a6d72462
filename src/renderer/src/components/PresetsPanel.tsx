import { useCallback, useEffect, useRef, useState } from 'react';
import { useEscape } from '../hooks/use-escape.ts';
import { formatCount, formatMoney, shortenAddress } from '../../../shared/format.ts';
import type { PresetView } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { onSubmitted, useAddressInput } from '../hooks/use-order-inputs.ts';
import { addDefaultPresets, deletePreset, reorderPresets, runPreset, selectOrder } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { AddressField } from './AddressField.tsx';
import { PresetEditor } from './PresetEditor.tsx';
import { PresetQuote } from './PresetQuote.tsx';

export function presetSummary(p: PresetView): string {
  const what = `${formatCount(p.count)} ${p.resource === 'net' ? 'bandwidth' : 'energy'}`;
  return p.kind === 'timed' ? `${what} (${p.period ?? ''}) → ${shortenAddress(p.address)}` : `Fast recover ${what} → ${shortenAddress(p.address)}`;
}

/** A second step before a preset is gone: it cannot be undone (adding it again asks main's approval again). */
function ConfirmDelete({ name, onDelete, onKeep }: { name: string; onDelete(): void; onKeep(): void }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  useEscape(onKeep);
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div className="confirm" role="group" aria-label={`Delete ${name}?`}>
      <p>
        Delete “{name}”? Its tray entry goes too; adding it again asks for approval again.
      </p>
      <div className="row">
        <button type="button" onClick={onDelete}>
          Delete “{name}”
        </button>
        <button type="button" ref={keepRef} className="primary" onClick={onKeep}>
          Keep it
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

  const reorder = (delta: number) => {
    const ids = presets.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + delta, 0, moved);
    void move.run(ids);
  };

  if (editing) return <li className="preset"><PresetEditor preset={preset} onDone={closeEditor} /></li>;
  return (
    <li className="preset" data-testid="preset-row">
      <div className="preset-main">
        <strong>{preset.name}</strong>
        <span className="muted">{`${presetSummary(preset)} · cap ${formatMoney(preset.capSun, 'price')}`}</span>
        <span className="small">
          Now <PresetQuote preset={preset} />
        </span>
      </div>
      <div className="preset-actions">
        <button
          type="button"
          className="primary"
          disabled={preset.busy || run.pending}
          onClick={() => void run.run().then((order) => setPlaced(order ? order.localId : null))}
        >
          {preset.busy || run.pending ? 'Buying…' : 'Run'}
        </button>
        <button type="button" ref={editRef} onClick={() => setEditing(true)} aria-label={`Edit ${preset.name}`}>
          Edit
        </button>
        <button type="button" onClick={() => reorder(-1)} disabled={index === 0} aria-label={`Move ${preset.name} up`}>
          ↑
        </button>
        <button type="button" onClick={() => reorder(1)} disabled={index === count - 1} aria-label={`Move ${preset.name} down`}>
          ↓
        </button>
        <button type="button" ref={deleteRef} onClick={() => setConfirmDelete(true)} aria-label={`Delete ${preset.name}`} aria-expanded={confirmDelete}>
          Delete
        </button>
      </div>
      {confirmDelete && <ConfirmDelete name={preset.name} onDelete={() => void remove.run()} onKeep={keep} />}
      <ErrorMessage error={run.error ?? remove.error ?? move.error} />
      {placed && (
        <p className="ok" role="status">
          Order placed.{' '}
          <button type="button" className="link" onClick={() => selectOrder(placed)}>
            Follow it
          </button>
        </p>
      )}
    </li>
  );
}

/** The empty state offers the sensible defaults for one address (65k and 131k energy for 1h, a 65k fast recover). */
function DefaultPresetsOffer() {
  const address = useAddressInput();
  const add = useCall(addDefaultPresets);
  return (
    <form className="form" aria-label="Default presets" onSubmit={onSubmitted(() => address.valid && void add.run(address.clean))}>
      <p className="muted">
        No presets yet. Enter the address you top up most to get three ready-made ones: 65,000 energy for 1h (a USDT transfer to an
        existing holder), 131,000 energy for 1h (to a new holder) and a 65,000 energy fast recover.
      </p>
      <AddressField {...address.field} />
      <button type="submit" disabled={!address.valid || add.pending}>
        Create default presets
      </button>
      <ErrorMessage error={add.error} />
    </form>
  );
}

export function PresetsPanel() {
  const presets = useAppStore((s) => s.presets);
  const [adding, setAdding] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const doneAdding = (): void => {
    setAdding(false);
    requestAnimationFrame(() => addRef.current?.focus());
  };
  return (
    <section className="card" aria-labelledby="presets-title">
      <div className="card-head">
        <h2 id="presets-title">One-click top-ups</h2>
        {!adding && (
          <button type="button" ref={addRef} onClick={() => setAdding(true)}>
            Add preset
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
