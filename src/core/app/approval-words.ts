import { translator, type Translate } from '../../shared/i18n/i18n.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import { formatCountIn, formatTrxIn } from '../../shared/i18n/locale-format.ts';
import type { ApprovalRequest } from './ports.ts';

/** What every approval request is built from: the dialogs catalogue and amounts in one language, and the request's defaults. */
export interface Words {
  t: Translate<'dialogs'>;
  trx: (sun: bigint | string) => string;
  count: (n: number) => string;
}

export function wordsIn(language: Language): Words {
  return { t: translator(language, 'dialogs'), trx: (sun) => formatTrxIn(sun, language), count: (n) => formatCountIn(n, language) };
}

/** A request with nothing but what `fields` say: no amount, address, cost, host, changes or notes. */
export function approvalRequest(fields: Partial<ApprovalRequest> & Pick<ApprovalRequest, 'kind' | 'title' | 'what' | 'approveLabel'>): ApprovalRequest {
  return { amountSun: null, address: null, costSun: null, costNote: null, host: null, changes: [], notes: [], ...fields };
}
