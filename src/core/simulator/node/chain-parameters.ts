/**
 * The chain's parameters and network totals, written down once.
 *
 * Source of the parameter list: a mainnet /wallet/getchainparameters reply
 * captured in 2023 (66 entries, in the node's order; kept in
 * test/fixtures/tron-replies/gcp-mainnet-2023.json), with the values changed
 * since then:
 * - getEnergyFee 100 SUN: set by proposal #104 (August 2025); the capture
 *   has 420, an earlier value;
 * - getTotalEnergyLimit and getTotalEnergyCurrentLimit 180,000,000,000: what
 *   mainnet's getaccountresource reports as TotalEnergyLimit today
 *   (gar-getblock-mainnet.json), raised from the capture's 90,000,000,000;
 * - getDynamicEnergyMaxFactor 34,000: USDT's 64,285 energy per transfer is
 *   about 4.4 × its base energy, a factor above the capture's 12,000 cap.
 * Three values follow the simulator's options (the fees and the free
 * bandwidth), so tests can move them. A parameter whose value is 0 is written
 * without `value`, as java-tron's printer leaves zeros out.
 */

export interface ChainParams {
  /** getEnergyFee: SUN per energy unit an account lacks. */
  energyFeeSun: bigint;
  /** getTransactionFee: SUN per bandwidth byte an account lacks. */
  transactionFeeSun: bigint;
  /** getFreeNetLimit: free bandwidth bytes per account a day (600; 1,500 before 2020's proposal). */
  freeNetLimit: bigint;
}

export const MAINNET_FEES: Readonly<ChainParams> = { energyFeeSun: 100n, transactionFeeSun: 1_000n, freeNetLimit: 600n };

const TOTAL_ENERGY_LIMIT = 180_000_000_000n;

/** [key, value] in the node's order; null marks the three that follow the options. */
const PARAMETERS: ReadonlyArray<readonly [string, bigint | null]> = [
  ['getMaintenanceTimeInterval', 21_600_000n],
  ['getAccountUpgradeCost', 9_999_000_000n],
  ['getCreateAccountFee', 100_000n],
  ['getTransactionFee', null],
  ['getAssetIssueFee', 1_024_000_000n],
  ['getWitnessPayPerBlock', 16_000_000n],
  ['getWitnessStandbyAllowance', 115_200_000_000n],
  ['getCreateNewAccountFeeInSystemContract', 1_000_000n],
  ['getCreateNewAccountBandwidthRate', 1n],
  ['getAllowCreationOfContracts', 1n],
  ['getRemoveThePowerOfTheGr', -1n],
  ['getEnergyFee', null],
  ['getExchangeCreateFee', 1_024_000_000n],
  ['getMaxCpuTimeOfOneTx', 80n],
  ['getAllowUpdateAccountName', 0n],
  ['getAllowSameTokenName', 1n],
  ['getAllowDelegateResource', 1n],
  ['getTotalEnergyLimit', TOTAL_ENERGY_LIMIT],
  ['getAllowTvmTransferTrc10', 1n],
  ['getTotalEnergyCurrentLimit', TOTAL_ENERGY_LIMIT],
  ['getAllowMultiSign', 1n],
  ['getAllowAdaptiveEnergy', 0n],
  ['getTotalEnergyTargetLimit', 6_250_000n],
  ['getTotalEnergyAverageUsage', 0n],
  ['getUpdateAccountPermissionFee', 100_000_000n],
  ['getMultiSignFee', 1_000_000n],
  ['getAllowAccountStateRoot', 0n],
  ['getAllowProtoFilterNum', 0n],
  ['getAllowTvmConstantinople', 1n],
  ['getAllowTvmSolidity059', 1n],
  ['getAllowTvmIstanbul', 1n],
  ['getAllowShieldedTRC20Transaction', 1n],
  ['getForbidTransferToContract', 0n],
  ['getAdaptiveResourceLimitTargetRatio', 10n],
  ['getAdaptiveResourceLimitMultiplier', 1_000n],
  ['getChangeDelegation', 1n],
  ['getWitness127PayPerBlock', 160_000_000n],
  ['getAllowMarketTransaction', 0n],
  ['getMarketSellFee', 0n],
  ['getMarketCancelFee', 0n],
  ['getAllowPBFT', 0n],
  ['getAllowTransactionFeePool', 0n],
  ['getMaxFeeLimit', 15_000_000_000n],
  ['getAllowOptimizeBlackHole', 1n],
  ['getAllowNewResourceModel', 0n],
  ['getAllowTvmFreeze', 0n],
  ['getAllowTvmVote', 1n],
  ['getAllowTvmLondon', 1n],
  ['getAllowTvmCompatibleEvm', 0n],
  ['getAllowAccountAssetOptimization', 0n],
  ['getFreeNetLimit', null],
  ['getTotalNetLimit', 43_200_000_000n],
  ['getAllowHigherLimitForMaxCpuTimeOfOneTx', 1n],
  ['getAllowAssetOptimization', 1n],
  ['getAllowNewReward', 1n],
  ['getMemoFee', 1_000_000n],
  ['getAllowDelegateOptimization', 1n],
  ['getUnfreezeDelayDays', 14n],
  ['getAllowOptimizedReturnValueOfChainId', 1n],
  ['getAllowDynamicEnergy', 1n],
  ['getDynamicEnergyThreshold', 3_000_000_000n],
  ['getDynamicEnergyIncreaseFactor', 2_000n],
  ['getDynamicEnergyMaxFactor', 34_000n],
  ['getAllowTvmShangHai', 1n],
  ['getAllowCancelAllUnfreezeV2', 1n],
  ['getMaxDelegateLockPeriod', 864_000n],
];

const OPTION_VALUES: Readonly<Record<string, keyof ChainParams>> = {
  getTransactionFee: 'transactionFeeSun',
  getEnergyFee: 'energyFeeSun',
  getFreeNetLimit: 'freeNetLimit',
};

/** One parameter's value as the node holds it now. */
export function chainParameter(params: ChainParams, key: string): bigint | undefined {
  const entry = PARAMETERS.find(([k]) => k === key);
  if (entry === undefined) return undefined;
  return entry[1] ?? params[OPTION_VALUES[key]!];
}

/** The /wallet/getchainparameters reply (protocol.ChainParameters). */
export function chainParametersReply(params: ChainParams): { chainParameter: object[] } {
  return {
    chainParameter: PARAMETERS.map(([key]) => {
      const value = chainParameter(params, key)!;
      return value === 0n ? { key } : { key, value };
    }),
  };
}

/**
 * Network-wide totals the node reports beside an account's own figures, from
 * a mainnet getaccountresource reply (gar-getblock-mainnet.json):
 * TotalNetLimit and TotalNetWeight, TotalEnergyWeight; TotalEnergyLimit is
 * getTotalEnergyCurrentLimit above; TotalTronPowerWeight is the TRX staked for
 * either resource (the simulator's choice: no capture shows it).
 */
export const NETWORK_TOTALS = {
  TotalNetLimit: 43_200_000_000n,
  TotalNetWeight: 26_514_583_140n,
  TotalEnergyLimit: TOTAL_ENERGY_LIMIT,
  TotalEnergyWeight: 16_551_109_184n,
  TotalTronPowerWeight: 26_514_583_140n + 16_551_109_184n,
} as const;

const SUN_PER_TRX = 1_000_000n;

/**
 * SUN staked for `units` of a resource at today's totals, rounded up so that
 * the stake gives at least that much (java-tron's
 * calculateGlobalEnergyLimitV2 in reverse). The simulator keeps resource
 * units as the truth and shows the SUN figures (frozenV2, delegated balances)
 * derived from them.
 */
export function sunForResource(resource: 'energy' | 'net', units: bigint): bigint {
  const { TotalEnergyLimit, TotalEnergyWeight, TotalNetLimit, TotalNetWeight } = NETWORK_TOTALS;
  const [limit, weight] = resource === 'energy' ? [TotalEnergyLimit, TotalEnergyWeight] : [TotalNetLimit, TotalNetWeight];
  const numerator = units * weight * SUN_PER_TRX;
  return numerator / limit + (numerator % limit > 0n ? 1n : 0n);
}
