/**
 * The bench's baseline for the dashboard's first render
 * (dashboard_first_render_ratio): a fixed page made with the same React and
 * react-dom, built the same way (Vite, minified), about the size of the
 * dashboard's first screen (a header with six tabs, a balance card, two
 * lists, a table of 50 rows), with nothing to ask for: what a page costs the
 * browser before any work of the app's own.
 */
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const TABS = ['Overview', 'Wallets', 'Buy', 'Orders', 'Prices', 'Settings'];
const rows = Array.from({ length: 50 }, (_, i) => i);

function Page() {
  return h(
    'div',
    { className: 'app' },
    h('header', null, h('h1', null, 'Plain page'), h('nav', null, TABS.map((tab) => h('button', { key: tab, type: 'button' }, tab)))),
    h(
      'main',
      null,
      h('section', null, h('h2', null, 'Balance'), h('dl', null, h('dt', null, 'TRX'), h('dd', { 'data-testid': 'balance-trx' }, '500.00 TRX'))),
      h('section', null, h('h2', null, 'In progress'), h('ul', null, rows.slice(0, 10).map((i) => h('li', { key: i }, `Order ${i}`)))),
      h(
        'table',
        null,
        h('tbody', null, rows.map((i) => h('tr', { key: i }, h('td', null, `EN${1_000_000 + i}`), h('td', null, 'TJRa…RTv8'), h('td', null, '3.25 TRX'), h('td', null, 'Succeeded')))),
      ),
    ),
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(h(StrictMode, null, h(Page)));
