import { Notification } from 'electron';
import type { Notifier } from '../core/app/ports.ts';

export interface NotificationContent {
  title: string;
  body: string;
  /** The order to show when the notification is clicked. */
  localId?: string;
}

/**
 * Native notifications. Facts go in the title and body, not in action buttons
 * (many Linux notification daemons have none). Every shown Notification is
 * kept referenced until it is clicked or closed: Electron drops the click
 * events of notifications that were garbage-collected.
 */
export class ElectronNotifier implements Notifier {
  private readonly live = new Set<Notification>();
  private readonly onClick: (localId: string | undefined) => void;
  private readonly icon: string;

  constructor(icon: string, onClick: (localId: string | undefined) => void) {
    this.icon = icon;
    this.onClick = onClick;
  }

  show(content: NotificationContent): void {
    if (!Notification.isSupported()) return;
    const n = new Notification({ title: content.title, body: content.body, icon: this.icon, silent: false });
    this.live.add(n);
    const release = (): void => {
      this.live.delete(n);
    };
    n.on('click', () => {
      release();
      this.onClick(content.localId);
    });
    n.on('close', release);
    n.on('failed', release);
    n.show();
  }

  get retained(): number {
    return this.live.size;
  }
}
