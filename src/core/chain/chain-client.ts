import { msg } from '../../shared/i18n/message.ts';
import { assertAddress, encodeAddressWord, encodeUint256Word } from './abi.ts';
import { snapshotOf, type AccountSnapshot } from './account-snapshot.ts';
import { blockListSchema, MAX_BLOCK_REPLY_BYTES, oneBlockSchema, type ChainBlock } from './blocks.ts';
import { constantCallOutcome, uint256Result } from './constant-call.ts';
import type { ConstantCallOutcome } from './constant-call.ts';
import { ChainError, invalidInput } from './errors.ts';
import { DEFAULT_NODE_URL, normalizeNodeUrl } from './node-url.ts';
import { NodeTransport } from './node-transport.ts';
import type { NodeTransportOptions } from './node-transport.ts';
import { bandwidthReading, energyReading } from './resources.ts';
import type { BandwidthReading, EnergyReading } from './resources.ts';
import { accountResourceSchema, accountSchema, chainParametersSchema, constantCallSchema } from './schemas.ts';
import { BALANCE_OF_SELECTOR, BANDWIDTH_PER_USDT_TRANSFER, TRANSFER_SELECTOR, USDT_CONTRACT } from './usdt.ts';

export interface ChainCallOptions {
  signal?: AbortSignal;
}

/** One request (getaccountresource): enough for a poll. */
export interface ResourceReading {
  address: string;
  /** False when the node answered `{}`: the address has never been activated. */
  activated: boolean;
  energy: EnergyReading;
  bandwidth: BandwidthReading;
}

/** One request (getaccount): the TRX balance and whether the account exists. */
export interface TrxReading {
  address: string;
  activated: boolean;
  trxSun: bigint;
}

/** Two requests (getaccount + getaccountresource). */
export interface AccountReading extends ResourceReading {
  trxSun: bigint;
}

export interface TransferEstimate {
  from: string;
  to: string;
  amountMicros: bigint;
  /** The dry run's energy_used, which already includes energy_penalty. */
  energy: bigint;
  /** The part of `energy` that is the contract's dynamic-energy penalty. */
  energyPenalty: bigint;
  recipientHoldsUsdt: boolean;
  /** Bytes of bandwidth the signed transfer will take (typical size; see usdt.ts). */
  bandwidth: bigint;
}

export interface ChainFees {
  /** getEnergyFee: SUN burned per energy unit an account lacks. */
  energyFeeSun: bigint;
  /** getTransactionFee: SUN burned per bandwidth byte an account lacks. */
  bandwidthFeeSun: bigint;
}

/** What the app needs from the chain; a fake can implement it for tests of callers. */
export interface ChainReader {
  /** A full read (getaccount + getaccountresource), enough to predict the address's energy and bandwidth until it changes. */
  readSnapshot(address: string, options?: ChainCallOptions): Promise<AccountSnapshot>;
  readResources(address: string, options?: ChainCallOptions): Promise<ResourceReading>;
  readAccount(address: string, options?: ChainCallOptions): Promise<AccountReading>;
  readTrx(address: string, options?: ChainCallOptions): Promise<TrxReading>;
  usdtBalance(address: string, options?: ChainCallOptions): Promise<bigint>;
  estimateTransfer(from: string, to: string, amountMicros?: bigint, options?: ChainCallOptions): Promise<TransferEstimate>;
  chainFees(options?: ChainCallOptions): Promise<ChainFees>;
}

/** Following the chain: one request for the newest block, one block, or a range. */
export interface BlockReader {
  nowBlock(options?: ChainCallOptions): Promise<ChainBlock | null>;
  blockByNum(num: number, options?: ChainCallOptions): Promise<ChainBlock | null>;
  /** Blocks start ≤ n < end that exist (java-tron: at most 100, else {}), oldest first. */
  blockRange(start: number, end: number, options?: ChainCallOptions): Promise<ChainBlock[]>;
}

export interface ChainClientOptions extends Omit<NodeTransportOptions, 'nodeUrl'> {
  /** Default https://api.trongrid.io; http only to this computer. */
  nodeUrl?: string;
  /** The TRC-20 contract to estimate transfers of (default mainnet USDT). */
  usdtContract?: string;
}

/** The smallest USDT amount: a dry run needs some amount, and the energy does not depend on it. */
const DEFAULT_AMOUNT_MICROS = 1n;

/**
 * The TRON full-node HTTP client: reads an address's resources and TRX,
 * whether it holds USDT, the energy of a USDT transfer (dry run) and the
 * chain's fees. Addresses are base58 with `visible: true` throughout.
 */
export class ChainClient implements ChainReader, BlockReader {
  readonly nodeUrl: string;
  readonly usdtContract: string;
  readonly #transport: NodeTransport;
  readonly #now: () => number;

  constructor(options: ChainClientOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.nodeUrl = normalizeNodeUrl(options.nodeUrl ?? DEFAULT_NODE_URL);
    this.usdtContract = options.usdtContract ?? USDT_CONTRACT;
    assertAddress(this.usdtContract, 'errors:address.roleUsdtContract');
    this.#transport = new NodeTransport({ ...options, nodeUrl: this.nodeUrl });
  }

  async close(): Promise<void> {
    await this.#transport.close();
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `ChainClient { nodeUrl: ${JSON.stringify(this.nodeUrl)} }`;
  }

  toJSON(): { nodeUrl: string } {
    return { nodeUrl: this.nodeUrl };
  }

  async readSnapshot(address: string, options?: ChainCallOptions): Promise<AccountSnapshot> {
    assertAddress(address, 'errors:address.roleWallet');
    const body = { address, visible: true };
    const [account, resources] = await Promise.all([
      this.#transport.post('getaccount', body, accountSchema, options?.signal),
      this.#transport.post('getaccountresource', body, accountResourceSchema, options?.signal),
    ]);
    return snapshotOf(address, account, resources, this.#now());
  }

  async nowBlock(options?: ChainCallOptions): Promise<ChainBlock | null> {
    return this.#transport.post('getnowblock', { visible: true }, oneBlockSchema, options?.signal, MAX_BLOCK_REPLY_BYTES);
  }

  async blockByNum(num: number, options?: ChainCallOptions): Promise<ChainBlock | null> {
    return this.#transport.post('getblockbynum', { num, visible: true }, oneBlockSchema, options?.signal, MAX_BLOCK_REPLY_BYTES);
  }

  async blockRange(start: number, end: number, options?: ChainCallOptions): Promise<ChainBlock[]> {
    const body = { startNum: start, endNum: end, visible: true };
    return this.#transport.post('getblockbylimitnext', body, blockListSchema, options?.signal, MAX_BLOCK_REPLY_BYTES);
  }

  async readResources(address: string, options?: ChainCallOptions): Promise<ResourceReading> {
    assertAddress(address, 'errors:address.roleWallet');
    const reply = await this.#transport.post('getaccountresource', { address, visible: true }, accountResourceSchema, options?.signal);
    return { address, activated: reply.keys > 0, energy: energyReading(reply), bandwidth: bandwidthReading(reply) };
  }

  async readAccount(address: string, options?: ChainCallOptions): Promise<AccountReading> {
    assertAddress(address, 'errors:address.roleWallet');
    const [account, resources] = await Promise.all([this.readTrx(address, options), this.readResources(address, options)]);
    // getaccount is the authority on existence; both answer {} for an unknown account.
    return { ...resources, activated: account.activated, trxSun: account.trxSun };
  }

  async readTrx(address: string, options?: ChainCallOptions): Promise<TrxReading> {
    assertAddress(address, 'errors:address.roleWallet');
    const account = await this.#transport.post('getaccount', { address, visible: true }, accountSchema, options?.signal);
    return { address, activated: account.keys > 0, trxSun: account.balanceSun };
  }

  async usdtBalance(address: string, options?: ChainCallOptions): Promise<bigint> {
    assertAddress(address, 'errors:address.roleWallet');
    const outcome = await this.#constantCall(address, BALANCE_OF_SELECTOR, encodeAddressWord(address), options);
    return uint256Result(outcome);
  }

  async estimateTransfer(
    from: string,
    to: string,
    amountMicros: bigint = DEFAULT_AMOUNT_MICROS,
    options?: ChainCallOptions,
  ): Promise<TransferEstimate> {
    assertAddress(from, 'errors:address.roleSending');
    assertAddress(to, 'errors:address.roleRecipient');
    if (typeof amountMicros !== 'bigint' || amountMicros <= 0n) throw invalidInput(msg('errors:chain.usdtAmount'));
    const parameter = encodeAddressWord(to) + encodeUint256Word(amountMicros);
    const [recipientBalance, dryRun] = await Promise.all([
      this.usdtBalance(to, options),
      this.#constantCall(from, TRANSFER_SELECTOR, parameter, options),
    ]);
    return {
      from,
      to,
      amountMicros,
      energy: dryRun.energyUsed,
      energyPenalty: dryRun.energyPenalty,
      recipientHoldsUsdt: recipientBalance > 0n,
      bandwidth: BANDWIDTH_PER_USDT_TRANSFER,
    };
  }

  async chainFees(options?: ChainCallOptions): Promise<ChainFees> {
    const reply = await this.#transport.post('getchainparameters', {}, chainParametersSchema, options?.signal);
    const fee = (key: string): bigint => {
      const entry = reply.chainParameter.find((p) => p.key === key);
      if (entry === undefined) {
        throw new ChainError('malformed', { endpoint: 'getchainparameters', reason: msg('errors:reply.notReported', { name: key }) });
      }
      const value = entry.value ?? 0n;
      if (value < 0n) {
        throw new ChainError('malformed', { endpoint: 'getchainparameters', reason: msg('errors:reply.negativeParameter', { name: key }) });
      }
      return value;
    };
    return { energyFeeSun: fee('getEnergyFee'), bandwidthFeeSun: fee('getTransactionFee') };
  }

  async #constantCall(owner: string, selector: string, parameter: string, options?: ChainCallOptions): Promise<ConstantCallOutcome> {
    const body = {
      owner_address: owner,
      contract_address: this.usdtContract,
      function_selector: selector,
      parameter,
      visible: true,
    };
    const reply = await this.#transport.post('triggerconstantcontract', body, constantCallSchema, options?.signal);
    return constantCallOutcome(reply);
  }
}
