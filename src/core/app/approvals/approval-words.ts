// app/approvals: the questions main asks before money moves or a setting is raised, and their words.
import { translator, type Translate } from '../../../shared/i18n/i18n.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { formatCountIn } from '../../../shared/i18n/locale-format.ts';
import { moneyPairText, moneyText } from '../../../shared/money-text.ts';
import type { ApprovalRequest } from '../ports.ts';

/** What every approval request is built from: the dialogs catalogue and amounts in one language, and the request's defaults. */
export interface Words {
  t: Translate<'dialogs'>;
  /** The one money rule (shared/money-text.ts). */
  trx: (sun: bigint | string) => string;
  /** Two amounts one sentence compares ("from → to", "costs … more than …"): exact where the rule would make them read the same. */
  pair: (a: bigint | string, b: bigint | string) => [string, string];
  count: (n: number) => string;
}

export function wordsIn(language: Language): Words {
  return {
    t: translator(language, 'dialogs'),
    trx: (sun) => moneyText(sun, language),
    pair: (a, b) => moneyPairText(a, b, language),
    count: (n) => formatCountIn(n, language),
  };
}

/** A request with nothing but what `fields` say: no amount, address, cost, host, changes or notes. */
export function approvalRequest(
  fields: Partial<ApprovalRequest> & Pick<ApprovalRequest, 'kind' | 'title' | 'what' | 'approveLabel'>,
): ApprovalRequest {
  return { amountSun: null, address: null, costSun: null, costNote: null, host: null, changes: [], notes: [], ...fields };
}
