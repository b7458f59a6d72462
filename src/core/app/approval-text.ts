import { translator } from '../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { formatTrxIn } from '../../shared/i18n/locale-format.ts';
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
  if (request.amountSun !== null) lines.push(t('amount', { value: formatTrxIn(request.amountSun, language) }));
  if (request.costSun !== null) lines.push(t('cost', { value: formatTrxIn(request.costSun, language) }));
  else if (request.costNote !== null) lines.push(t('cost', { value: request.costNote }));
  if (request.host !== null) lines.push(t('service', { value: request.host }));
  if (request.changes.length > 0) lines.push('', t('changes'), ...request.changes.map((c) => `• ${c}`));
  if (request.notes.length > 0) lines.push('', ...request.notes);
  return { title: t('approveTitle'), message: request.title, detail: lines.join('\n').trim(), approve: request.approveLabel, cancel: t('cancel') };
}
