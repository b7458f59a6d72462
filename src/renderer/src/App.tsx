import { useEffect } from 'react';
import { useDashboard } from './store.ts';
import { BalanceCard } from './components/BalanceCard.tsx';

export function App() {
  const { info, error, load } = useDashboard();
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Energy Tray</h1>
        {info && (
          <span className="app-version" aria-label="version">
            v{info.version}
          </span>
        )}
      </header>
      <main>
        {error && (
          <p role="alert" className="error">
            {error.message}
          </p>
        )}
        <BalanceCard />
      </main>
    </div>
  );
}
