import { translator } from '../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { exactMoneyText, moneyIsRounded, moneyText } from '../../shared/money-text.ts';
import type { ApprovalRequest } from './ports.ts';

/**
 * The words of a main-drawn approval: the question as the dialog's message,
 * the facts one a line as its detail, in the app's language (the dialogs
 * catalogue; the request's own sentences are worded by approval-requests.ts). Addresses are never shortened here: the person
 * compares them with what they meant.
 */
export function approvalDialogText(
  request: ApprovalRequest,
  language: Language = SOURCE_LANGUAGE,
): { title: string; message: string; detail: string; approve: string; cancel: string } {
  const t = translator(language, 'dialogs');
  const lines = [request.what, ''];
  if (request.address !== null) lines.push(t('address', { value: request.address }));
  // The one money rule; where it rounds, the exact figure follows (the dialog has no hover).
  const money = (sun: bigint): string =>
    moneyIsRounded(sun) ? t('exactly', { value: moneyText(sun, language), exact: exactMoneyText(sun, language) }) : moneyText(sun, language);
  if (request.amountSun !== null) lines.push(t('amount', { value: money(request.amountSun) }));
  if (request.costSun !== null) lines.push(t('cost', { value: money(request.costSun) }));
  else if (request.costNote !== null) lines.push(t('cost', { value: request.costNote }));
  if (request.host !== null) lines.push(t('service', { value: request.host }));
  if (request.changes.length > 0) lines.push('', t('changes'), ...request.changes.map((c) => `• ${c}`));
  if (request.notes.length > 0) lines.push('', ...request.notes);
  return { title: t('approveTitle'), message: request.title, detail: lines.join('\n').trim(), approve: request.approveLabel, cancel: t('cancel') };
}
