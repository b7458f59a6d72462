import { approvalDialogText, type Approval, type ApprovalRequest } from '../core/app/ports.ts';
import { jsonForTerminal } from '../core/base/http/server-text.ts';
import { confirm } from './confirm.ts';
import type { CliIo } from './context.ts';
import { cliLanguage, t } from './i18n.ts';

/** The person at the terminal as main's approval: the same words, asked on the terminal. */
export interface TerminalApproval extends Approval {
  /** A question was refused because nobody could be asked (no terminal, no --yes). */
  readonly refusedWithoutTerminal: boolean;
}

/**
 * Where the app draws its approval dialog, the command line shows the very
 * same words (approvalDialogText: the question, the address in full, the
 * amounts, the host, what changes) on stderr and asks once, as the paid
 * commands do; --yes answers yes. Without a terminal on stdin and without
 * --yes it refuses: a script cannot raise what may be spent by accident.
 */
export function terminalApproval(io: CliIo, options: { yes: boolean; json: boolean }): TerminalApproval {
  let refusedWithoutTerminal = false;
  return {
    get refusedWithoutTerminal() {
      return refusedWithoutTerminal;
    },
    confirm: async (request: ApprovalRequest): Promise<boolean> => {
      const words = approvalDialogText(request, cliLanguage());
      const asJson = `${jsonForTerminal({ approval: { title: words.message, detail: words.detail } })}\n`;
      io.writeErr(options.json ? asJson : `${words.message}\n${words.detail}\n`);
      if (options.yes) return true;
      if (io.stdin.isTTY !== true) {
        refusedWithoutTerminal = true;
        return false;
      }
      return confirm(io, t('headless.question', { approve: words.approve }));
    },
  };
}
