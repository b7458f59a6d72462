import { bytesOfAddress } from './address-codec.ts';
import type { NodeContext, NodeReply } from './node-context.ts';
import { message, printText } from './node-json.ts';
import { accountOf, convertedAddress, hexBytes, mergedAddress, NodeRequestError, paramsOf, textParam } from './node-request.ts';
import type { NodeRequest } from './node-request.ts';
import { chainParameter } from './chain-parameters.ts';
import { printTransaction } from './transactions.ts';
import { smartContract, smartContractInfo } from './usdt-abi.ts';
import { callUsdt, selectorOf } from './usdt-contract.ts';
import type { CallOutcome } from './usdt-contract.ts';

/**
 * The contract endpoints. triggerconstantcontract and estimateenergy follow
 * their servlets (TriggerConstantContractServlet, EstimateEnergyServlet): GET
 * is accepted and answered with an empty body (their doGet is empty); every
 * failure is reported inside `result` with a code, never as {"Error"}; the
 * message is a bytes field, so it is text when `visible` and hex otherwise
 * (what TronWeb's toUtf8 decodes). A revert keeps result.result true and
 * marks the transaction FAILED.
 */

type Failure = { code: 'CONTRACT_VALIDATE_ERROR' | 'OTHER_ERROR' | 'CONTRACT_EXE_ERROR'; message: string };

class CallFailure extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(failure.message);
    this.failure = failure;
  }
}

interface PreparedCall {
  owner: Buffer;
  contract: Buffer;
  data: Buffer;
  callValue: bigint;
  outcome: CallOutcome;
}

/** Util.validateParameter, JsonFormat.merge, Util.parseMethod and the contract lookup, with their failures. */
function prepare(ctx: NodeContext, request: NodeRequest): PreparedCall {
  try {
    const params = paramsOf(request);
    if (params === null) throw new NodeRequestError('java.lang.NullPointerException', null);
    const blank = (key: string): boolean => (textParam(request, key) ?? '') === '';
    if (blank('owner_address')) throw new NodeRequestError('java.security.InvalidParameterException', "owner_address isn't set.");
    if (blank('contract_address') && blank('data')) {
      throw new NodeRequestError('java.security.InvalidParameterException', 'At least one of contract_address and data must be set.');
    }
    const owner = mergedAddress(request, 'owner_address');
    const contract = mergedAddress(request, 'contract_address');
    const selector = textParam(request, 'function_selector') ?? '';
    const data =
      selector === ''
        ? hexBytes(textParam(request, 'data') ?? '')
        : Buffer.concat([selectorOf(selector), hexBytes(textParam(request, 'parameter') ?? '')]);
    const callValue = typeof params['call_value'] === 'bigint' ? params['call_value'] : 0n;
    if (!contract.equals(bytesOfAddress(ctx.usdtContract))) {
      throw new CallFailure({ code: 'CONTRACT_VALIDATE_ERROR', message: 'Smart contract is not exist.' });
    }
    const outcome = callUsdt({ state: ctx.state, model: ctx.model, owner: accountOf(owner) }, data);
    return { owner, contract, data, callValue, outcome };
  } catch (err) {
    if (err instanceof NodeRequestError) throw new CallFailure({ code: 'OTHER_ERROR', message: err.message.replace(/"/g, "'") });
    throw err;
  }
}

const failureReply = (failure: Failure, visible: boolean): object => ({
  result: { code: failure.code, message: printText(failure.message, visible) },
});

/** /wallet/triggerconstantcontract: api.TransactionExtention. */
export function triggerConstantContract(ctx: NodeContext, request: NodeRequest): NodeReply {
  if (request.method !== 'POST') return '';
  const visible = request.visible;
  let call: PreparedCall;
  try {
    call = prepare(ctx, request);
  } catch (err) {
    if (err instanceof CallFailure) return failureReply(err.failure, visible);
    throw err;
  }
  const { outcome } = call;
  const head = ctx.blocks.headRef(ctx.now);
  const tx = printTransaction(
    {
      call: { type: 'TriggerSmartContract', owner: call.owner, contract: call.contract, data: call.data, callValue: call.callValue },
      ref: head.ref,
      expiration: head.expiration,
      timestamp: ctx.now,
      feeLimit: 0n,
    },
    visible,
    { ret: [outcome.reverted ? { ret: 'FAILED' } : {}], visibleFlag: visible },
  );
  return message({
    result: outcome.reverted ? { result: true, message: printText('REVERT opcode executed', visible) } : { result: true },
    energy_used: outcome.cost.used,
    energy_penalty: outcome.cost.penalty,
    constant_result: [outcome.returnHex],
    transaction: tx.json,
  });
}

/**
 * Wallet.estimateEnergy: the smallest fee limit (in SUN) at which the call
 * succeeds, found by java-tron's binary search to within 1 TRX, in energy
 * units rounded up. So it is a little above the dry run's energy_used, as a
 * real node answers.
 */
export function estimatedEnergy(energyUsed: bigint, energyFeeSun: bigint, maxFeeLimit: bigint): bigint {
  if (energyFeeSun <= 0n) return energyUsed;
  const succeeds = (feeLimit: bigint): boolean => feeLimit / energyFeeSun >= energyUsed;
  let high = maxFeeLimit;
  let low = energyFeeSun * energyUsed;
  const twoTimes = low * 2n;
  if (twoTimes < high) {
    if (succeeds(twoTimes)) high = twoTimes;
    else low = twoTimes;
  }
  while (low + 1_000_000n < high) {
    const mid = (low + high) / 2n;
    if (succeeds(mid)) high = mid;
    else low = mid;
  }
  return high / energyFeeSun + (high % energyFeeSun > 0n ? 1n : 0n);
}

/** /wallet/estimateenergy: api.EstimateEnergyMessage. */
export function estimateEnergy(ctx: NodeContext, request: NodeRequest): NodeReply {
  if (request.method !== 'POST') return '';
  try {
    const { outcome } = prepare(ctx, request);
    if (outcome.reverted) throw new CallFailure({ code: 'CONTRACT_EXE_ERROR', message: 'REVERT opcode executed' });
    const maxFeeLimit = chainParameter(ctx.state.params, 'getMaxFeeLimit') ?? 15_000_000_000n;
    return { result: { result: true }, energy_required: estimatedEnergy(outcome.cost.used, ctx.state.params.energyFeeSun, maxFeeLimit) };
  } catch (err) {
    if (err instanceof CallFailure) return failureReply(err.failure, request.visible);
    throw err;
  }
}

/** The `value` of getcontract/getcontractinfo: converted by the servlet when visible, else merged as hex. */
function contractQueried(ctx: NodeContext, request: NodeRequest): boolean {
  const bytes = request.visible ? convertedAddress(request, 'value') : mergedAddress(request, 'value');
  return bytes.equals(bytesOfAddress(ctx.usdtContract));
}

/** /wallet/getcontract: protocol.SmartContract, or {} for an address with no contract. */
export function getContract(ctx: NodeContext, request: NodeRequest): NodeReply {
  return contractQueried(ctx, request) ? smartContract(ctx, request.visible) : {};
}

/** /wallet/getcontractinfo: SmartContractDataWrapper (the contract, its code, its state). */
export function getContractInfo(ctx: NodeContext, request: NodeRequest): NodeReply {
  return contractQueried(ctx, request) ? smartContractInfo(ctx, request.visible) : {};
}
