import { describe, expect, it } from 'vitest';
import { LoggingEventSink } from '../../../src/core/app/headless-ports.ts';
import { msg, type Message } from '../../../src/shared/i18n/message.ts';
import type { AppStateView, ServiceHealthView } from '../../../src/shared/views.ts';

function state(service: ServiceHealthView, notices: Message[] = []): AppStateView {
  return {
    mode: 'account',
    profiles: [],
    activeProfileId: null,
    balance: null,
    service,
    polling: { paused: service.status === 'auth_failed', reason: service.status === 'auth_failed' ? msg('notices:pausedBy.auth') : null },
    keychain: { available: true, message: null },
    notices,
  };
}

describe('the daemon’s log of the app state', () => {
  it('logs a refused key once, with the service’s words, and again only after it was fixed and refused anew', () => {
    const lines: Array<{ level: string; event: string | undefined; fields: object }> = [];
    const log = {
      info: (fields: object, event?: string) => lines.push({ level: 'info', event, fields }),
      warn: (fields: object, event?: string) => lines.push({ level: 'warn', event, fields }),
      error: (fields: object, event?: string) => lines.push({ level: 'error', event, fields }),
    };
    const sink = new LoggingEventSink(log);
    const refused = state({ status: 'auth_failed', message: msg('errors:api.serverSaid', { lead: 'Refused.', said: 'Invalid signature.' }), since: 1 });
    sink.emit('app:state', refused);
    sink.emit('app:state', refused);
    sink.emit('app:state', state({ status: 'ok', message: null, since: 2 }));
    sink.emit('app:state', refused);
    const refusals = lines.filter((l) => l.event === 'authentication_failed');
    expect(refusals).toEqual([
      { level: 'warn', event: 'authentication_failed', fields: { message: 'Refused. The service said: "Invalid signature.".' } },
      { level: 'warn', event: 'authentication_failed', fields: { message: 'Refused. The service said: "Invalid signature.".' } },
    ]);
    // The dashboard shows the refusal as its banner only: no notice repeats it.
    expect(lines.filter((l) => l.event === 'notice')).toEqual([]);
  });
});
