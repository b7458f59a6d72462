import type { Approval, ApprovalRequest } from '../../src/core/app/ports.ts';
import { approvalDialogText } from '../../src/core/app/ports.ts';

/**
 * The main-drawn approval, scripted: it records every request and answers
 * from its script (approveNext / denyNext), then with `otherwise`. Tests and
 * the e2e runs use it where the app would show a native dialog.
 */
export class FakeApproval implements Approval {
  readonly requests: ApprovalRequest[] = [];
  otherwise: boolean;
  private readonly script: boolean[] = [];
  private readonly waiting: Array<() => void> = [];

  /** `otherwise`: the answer once the script is used up (true: approve everything). */
  constructor(otherwise = true) {
    this.otherwise = otherwise;
  }

  approveNext(times = 1): this {
    for (let i = 0; i < times; i++) this.script.push(true);
    return this;
  }

  denyNext(times = 1): this {
    for (let i = 0; i < times; i++) this.script.push(false);
    return this;
  }

  async confirm(request: ApprovalRequest): Promise<boolean> {
    this.requests.push(request);
    for (const wake of this.waiting.splice(0)) wake();
    return this.script.length > 0 ? this.script.shift()! : this.otherwise;
  }

  /** Scripted answers not used yet. */
  get scripted(): number {
    return this.script.length;
  }

  kinds(): string[] {
    return this.requests.map((r) => r.kind);
  }

  /** The last request as the dialog would show it. */
  lastText(): string {
    const last = this.requests.at(-1);
    if (!last) return '';
    const text = approvalDialogText(last);
    return `${text.message}\n${text.detail}\n[${text.approve}] [${text.cancel}]`;
  }
}
