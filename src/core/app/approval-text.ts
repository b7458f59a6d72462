import { formatTrx } from '../../shared/format.ts';
import type { ApprovalRequest } from './ports.ts';

/**
 * The words of a main-drawn approval: the question as the dialog's message,
 * the facts one a line as its detail. Addresses are never shortened here:
 * the person compares them with what they meant.
 */
export function approvalDialogText(request: ApprovalRequest): { title: string; message: string; detail: string; approve: string; cancel: string } {
  const lines = [request.what, ''];
  if (request.address !== null) lines.push(`Address: ${request.address}`);
  if (request.amountSun !== null) lines.push(`Amount: ${formatTrx(request.amountSun)}`);
  if (request.costSun !== null) lines.push(`Cost: ${formatTrx(request.costSun)}`);
  else if (request.costNote !== null) lines.push(`Cost: ${request.costNote}`);
  if (request.host !== null) lines.push(`Service: ${request.host}`);
  if (request.changes.length > 0) lines.push('', 'Changes:', ...request.changes.map((c) => `• ${c}`));
  if (request.notes.length > 0) lines.push('', ...request.notes);
  return { title: 'Energy Tray — approve?', message: request.title, detail: lines.join('\n').trim(), approve: request.approveLabel, cancel: 'Cancel' };
}
