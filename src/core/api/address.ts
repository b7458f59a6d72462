import { msg } from '../../shared/i18n/message.ts';
import { addressProblemWords } from '../../shared/order-rules.ts';
import { tronAddressProblem } from '../base/tron-address.ts';
import { InvalidInputError } from './errors.ts';
import type { ErrorEndpoint } from './errors.ts';

export { encodeTronAddress, isValidTronAddress, tronAddressProblem, type AddressProblem } from '../base/tron-address.ts';

export function assertTronAddress(address: string, endpoint: ErrorEndpoint = 'local'): void {
  const problem = tronAddressProblem(address);
  if (problem !== null) {
    throw new InvalidInputError({ endpoint, reason: msg('errors:api.addressInvalid', { problem: addressProblemWords(problem) }) });
  }
}
