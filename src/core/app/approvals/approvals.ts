// app/approvals: the questions main asks before money moves or a setting is raised, and their words.
import { msg } from '../../../shared/i18n/message.ts';
import { AppError } from '../app-error.ts';
import type { Approval, ApprovalRequest } from '../ports.ts';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';

const PAID_KINDS: ReadonlySet<ApprovalRequest['kind']> = new Set(['buy', 'activate', 'reclaim', 'run_preset']);

/**
 * The one way the core asks for a main-drawn approval. The renderer may ask
 * for anything; only the person, through the dialog main draws, can grant it.
 * A declined approval, a dialog that failed, or a second request while one
 * is open (a renderer flooding the screen with dialogs) all refuse with
 * AppError('not_approved'), and the caller changes nothing.
 */
export class Approvals {
  private readonly port: Approval;
  /** The app's language now: the dialog's own words and the request's sentences (approval-requests.ts) are made in it. */
  readonly language: () => Language;
  private open = false;

  constructor(port: Approval, language: () => Language = () => SOURCE_LANGUAGE) {
    this.port = port;
    this.language = language;
  }

  async require(request: ApprovalRequest): Promise<void> {
    const paid = PAID_KINDS.has(request.kind);
    if (this.open) throw new AppError('not_approved', msg(paid ? 'errors:app.approvalBusySent' : 'errors:app.approvalBusyChanged'));
    this.open = true;
    let approved: boolean;
    try {
      approved = await this.port.confirm(request, this.language());
    } catch {
      approved = false;
    } finally {
      this.open = false;
    }
    if (!approved) throw new AppError('not_approved', msg(paid ? 'errors:app.notApprovedSent' : 'errors:app.notApprovedChanged'));
  }
}
