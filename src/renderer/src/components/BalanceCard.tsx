export function BalanceCard() {
  return (
    <section className="card" aria-labelledby="balance-title">
      <h2 id="balance-title">Balance</h2>
      <dl className="balances">
        <div>
          <dt>TRX</dt>
          <dd data-testid="balance-trx">—</dd>
        </div>
        <div>
          <dt>USDT</dt>
          <dd data-testid="balance-usdt">—</dd>
        </div>
      </dl>
      <p className="muted">Connect an account to see your balance.</p>
    </section>
  );
}
