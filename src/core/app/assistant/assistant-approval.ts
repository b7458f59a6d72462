// app/assistant: what an AI assistant (energy-tray mcp) may buy: the allowance, its approval and its refusals' notices.
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import type { Allowance } from '../../assistant/allowance.ts';
import { allowanceRaises } from '../../assistant/allowance.ts';
import { approvalRequest, wordsIn } from '../approvals/approval-words.ts';
import type { ApprovalRequest } from '../ports.ts';

/**
 * The approval main draws before an AI assistant may spend more (issue 27):
 * the allowance created, a figure raised, or addresses it did not cover
 * before. One line per change, each address in full; the same words are
 * asked on the terminal by `energy-tray allowance`.
 */
export function assistantAllowanceApproval(
  before: Allowance | null,
  after: Allowance,
  language: Language = SOURCE_LANGUAGE,
): ApprovalRequest {
  const { t, trx, pair } = wordsIn(language);
  const off = t('request.assistant.off');
  const addresses = after.watchedOnly ? t('request.assistant.watched') : t('request.assistant.listed', { count: after.addresses.length });
  const raises = allowanceRaises(before, after);
  /** "20.00 TRX → 30.00 TRX", exact where rounding would make the two read the same; "off → …" when created. */
  const change = (from: bigint | null, to: bigint): { from: string; to: string } => {
    if (from === null) return { from: off, to: trx(to) };
    const [a, b] = pair(from, to);
    return { from: a, to: b };
  };
  const changes = [
    t('request.assistant.changeDaily', change(before?.dailySun ?? null, after.dailySun)),
    t('request.assistant.changePerOrder', change(before?.perOrderSun ?? null, after.perOrderSun)),
    ...(after.watchedOnly
      ? [t('request.assistant.changeWatched')]
      : after.addresses.map((address) => t('request.assistant.changeAddress', { address }))),
  ];
  return approvalRequest({
    kind: 'assistant_allowance',
    title: raises.includes('created') ? t('request.assistant.title', { daily: trx(after.dailySun) }) : t('request.assistant.raiseTitle'),
    what: t('request.assistant.what', { perOrder: trx(after.perOrderSun), daily: trx(after.dailySun), addresses }),
    amountSun: after.dailySun,
    changes,
    notes: [t('request.assistant.note')],
    approveLabel: t('request.assistant.approve'),
  });
}
