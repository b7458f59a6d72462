import { userMessage } from '../../core/base/domain-error.ts';
import { energyBurnSun, transfersCovered } from '../../core/wallets/need-estimate.ts';
import { energyPerTransfer } from '../../core/wallets/watched-wallet.ts';
import { oneLineName } from '../../shared/user-names.ts';
import type { McpSession } from './mcp-session.ts';

/** What burning TRX for `energy` costs now, at the node's getEnergyFee (throws when the node cannot be read). */
export async function burnOf(session: McpSession, energy: bigint): Promise<bigint> {
  const fees = await (await session.node()).chainFees();
  return energyBurnSun(energy, fees.energyFeeSun);
}

export interface WalletJson {
  label: string;
  address: string;
  energy_per_transfer: number;
  energy_available: number | null;
  transfers_covered: number | null;
  top_up_transfers: number;
  reading_error: string | null;
}

/**
 * The profile's watched wallets with their energy now, read side by side
 * from the TRON node (at most 20); a wallet the node cannot be read for says
 * why and keeps its place. Labels on one line, as stored.
 */
export async function walletsJson(session: McpSession): Promise<WalletJson[]> {
  const wallets = await session.watched();
  const node = wallets.length === 0 ? null : await session.node();
  return Promise.all(
    wallets.map(async (w) => {
      const perTransfer = energyPerTransfer(w);
      const base = {
        label: oneLineName(w.label),
        address: w.address,
        energy_per_transfer: Number(perTransfer),
        top_up_transfers: w.topUpTransfers,
      };
      try {
        const reading = await node!.readResources(w.address);
        const available = reading.energy.available;
        return {
          ...base,
          energy_available: Number(available),
          transfers_covered: Number(transfersCovered(available, perTransfer)),
          reading_error: null,
        };
      } catch (err) {
        return { ...base, energy_available: null, transfers_covered: null, reading_error: userMessage(err) };
      }
    }),
  );
}
