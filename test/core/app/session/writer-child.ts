// Child process for the kill -9 test: writes the journal and the settings, as the app does, until killed.
import { join } from 'node:path';
import { OrderJournal } from '../../../../src/core/orders/order-journal.ts';
import { SettingsStore } from '../../../../src/core/settings/settings-store.ts';

const [userDataDir, profileId] = process.argv.slice(2);
if (!userDataDir || !profileId) throw new Error('usage: writer-child.ts <userDataDir> <profileId>');
const clock = { now: () => Date.now(), setTimeout: () => 0, clearTimeout: () => undefined };
const journal = await OrderJournal.open(join(userDataDir, 'profiles', profileId), clock);
const settings = new SettingsStore({ dir: userDataDir });
for (let i = 0; ; i++) {
  await journal.recordIntent({ kind: 'energy', profileId, address: `T${'x'.repeat(4_000)}${i}`, count: 65_000, period: '1h', quotedSun: BigInt(i) });
  const preset = { id: `p${process.pid}-${i}`, name: `Preset ${i} ${'y'.repeat(60)}`, kind: 'timed', resource: 'energy', period: '1h', count: 65_000, address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', capSun: '5000000', profileId };
  await settings.update((s) => ({ ...s, presets: [...s.presets.slice(-40), preset] }));
  if (i === 2) process.stdout.write('ready\n');
}
