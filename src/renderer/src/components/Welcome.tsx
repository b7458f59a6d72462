import { useCall } from '../hooks/use-call.ts';
import { startDemo } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { ConnectForm } from './ConnectForm.tsx';
import { ErrorMessage } from './ErrorMessage.tsx';

export function Welcome() {
  const state = useAppStore((s) => s.state);
  const demo = useCall(startDemo);
  return (
    <div className="welcome">
      <section className="card" aria-labelledby="welcome-title">
        <h2 id="welcome-title">Welcome to Energy Tray</h2>
        <p>
          See your TRX and USDT balance in the tray, top up energy in one click and get a notification when an order
          finishes.
        </p>
      </section>
      <div className="welcome-choices">
        <section className="card" aria-labelledby="connect-title">
          <h2 id="connect-title">Connect your account</h2>
          <ol className="steps">
            <li>
              In the service's back-office console, add this computer's public IP address to the API allowlist.{' '}
              <span className="muted small" data-testid="public-ip-help">
                Energy Tray does not look it up for you: no lookup service is set up, and asking one would tell it about this computer. Your router's status
                page shows it, or ask whoever runs your network; behind a VPN or proxy, add its exit address instead.
              </span>
            </li>
            <li>Turn API access on.</li>
            <li>Copy the API key and API secret here. The secret is kept in your system keychain, never in a file.</li>
          </ol>
          {state && !state.keychain.available && (
            <p className="warn" role="status">
              {state.keychain.message ?? 'The system keychain is not available.'} You can still try the demo.
            </p>
          )}
          <ConnectForm />
        </section>
        <section className="card" aria-labelledby="demo-title">
          <h2 id="demo-title">Try the demo</h2>
          <p>Everything works against a built-in simulator with a demo balance. No account, no real funds.</p>
          <button
            type="button"
            className="primary"
            disabled={demo.pending}
            onClick={() => void demo.run()}
          >
            {demo.pending ? 'Starting…' : 'Try the demo'}
          </button>
          <ErrorMessage error={demo.error} />
        </section>
      </div>
    </div>
  );
}
