// app/approvals: the questions main asks before money moves or a setting is raised, and their words.
import { translator } from '../../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import { exactMoneyText, moneyIsRounded, moneyText } from '../../../shared/money-text.ts';
import type { ApprovalRequest } from '../ports.ts';

/** Anything that would end a line inside one of the request's facts. */
// eslint-disable-next-line no-control-regex -- line and page breaks are what is looked for
const LINE_BREAK = /[\r\n\u000b\u000c\u0085\u2028\u2029]+/gu;

/**
 * Each fact of a request is one line of the dialog, whatever it holds: a
 * name is already shown on one line (shared/user-names.ts), and this keeps
 * any other text from adding a line the app did not write.
 */
const oneLine = (text: string): string => text.replace(LINE_BREAK, ' ');

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
  const lines = [oneLine(request.what), ''];
  if (request.address !== null) lines.push(t('address', { value: oneLine(request.address) }));
  // The one money rule; where it rounds, the exact figure follows (the dialog has no hover).
  const money = (sun: bigint): string =>
    moneyIsRounded(sun)
      ? t('exactly', { value: moneyText(sun, language), exact: exactMoneyText(sun, language) })
      : moneyText(sun, language);
  if (request.amountSun !== null) lines.push(t('amount', { value: money(request.amountSun) }));
  if (request.costSun !== null) lines.push(t('cost', { value: money(request.costSun) }));
  else if (request.costNote !== null) lines.push(t('cost', { value: oneLine(request.costNote) }));
  if (request.host !== null) lines.push(t('service', { value: oneLine(request.host) }));
  if (request.changes.length > 0) lines.push('', t('changes'), ...request.changes.map((c) => `• ${oneLine(c)}`));
  if (request.notes.length > 0) lines.push('', ...request.notes.map(oneLine));
  const detail = lines.join('\n').trim();
  return { title: t('approveTitle'), message: oneLine(request.title), detail, approve: oneLine(request.approveLabel), cancel: t('cancel') };
}
