import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron, electronState, FakeNotification, resetElectronState } from '../support/fake-electron.ts';

vi.mock('electron', () => fakeElectron);
const { ElectronNotifier } = await import('../../src/main/notifier.ts');

describe('native notifications (glue)', () => {
  const clicked: Array<string | undefined> = [];
  beforeEach(() => {
    resetElectronState();
    clicked.length = 0;
  });
  const notifier = () => new ElectronNotifier('/res/icon.png', (id) => clicked.push(id));

  it('shows the title and body with the app icon, and is not silent', () => {
    notifier().show({ title: 'Order finished', body: '65,000 energy → TJRa…Tv8', localId: 'o1' });
    const [shown] = electronState.notifications;
    expect(shown?.shown).toBe(true);
    expect(shown?.options).toEqual({ title: 'Order finished', body: '65,000 energy → TJRa…Tv8', icon: '/res/icon.png', silent: false });
  });

  it('keeps a reference until clicked, closed or failed, and routes the click to the order', () => {
    const n = notifier();
    n.show({ title: 'Order finished', body: 'done', localId: 'o1' });
    n.show({ title: 'Low balance', body: 'below 10 TRX' });
    n.show({ title: 'Order failed', body: 'refunded', localId: 'o2' });
    expect(n.retained).toBe(3);
    const [first, second, third] = electronState.notifications;
    first?.listeners.get('click')?.();
    second?.listeners.get('close')?.();
    expect(n.retained).toBe(1);
    third?.listeners.get('failed')?.();
    expect(n.retained).toBe(0);
    expect(clicked).toEqual(['o1']);
  });

  it('a click on a notification without an order opens the dashboard (no order id)', () => {
    notifier().show({ title: 'Low balance', body: 'below 10 TRX' });
    electronState.notifications[0]?.listeners.get('click')?.();
    expect(clicked).toEqual([undefined]);
  });

  it('shows nothing and keeps nothing where the system has no notifications', () => {
    FakeNotification.supported = false;
    const n = notifier();
    n.show({ title: 'Order finished', body: 'done', localId: 'o1' });
    expect(electronState.notifications).toEqual([]);
    expect(n.retained).toBe(0);
  });
});
