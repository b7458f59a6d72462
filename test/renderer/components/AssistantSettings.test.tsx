import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AssistantSettings } from '../../../src/renderer/src/components/AssistantSettings.tsx';
import { OrderList } from '../../../src/renderer/src/components/OrderList.tsx';
import { assistantOff, installFakeBridge, order } from '../fake-bridge.ts';
import { VALID_ADDRESS } from '../../support/addresses.ts';

afterEach(cleanup);

describe('Settings → AI assistants', () => {
  it('is off by default, and turning it on only asks main (the figures and addresses as typed)', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<AssistantSettings />);
    expect(await screen.findByText('Off: an assistant can read but buys nothing.')).toBeTruthy();
    const daily = screen.getByLabelText('TRX a day');
    await user.clear(daily);
    await user.type(daily, '12.5');
    await user.click(screen.getByLabelText('Only these addresses (one a line)', { selector: 'input' }));
    await user.type(screen.getByLabelText('Only these addresses (one a line)', { selector: 'textarea' }), VALID_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(bridge.callsOf('saveAssistantAllowance')).toEqual([
      { draft: { dailyTrx: '12.5', perOrderTrx: '5', watchedOnly: false, addresses: [VALID_ADDRESS] } },
    ]);
    expect(await screen.findByText(/On: up to 5\.00 TRX an order and 20\.00 TRX a day\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(bridge.callsOf('saveAssistantAllowance').at(-1)).toEqual({ draft: null });
  });

  it("shows main's problems with the draft beside their fields, in words", async () => {
    installFakeBridge({
      getAssistantAllowance: async () => ({ ok: true, value: assistantOff }),
      saveAssistantAllowance: async () => ({ ok: true, value: { saved: false, problems: [{ field: 'perOrderTrx', problem: 'above_daily' }] } }),
    });
    const user = userEvent.setup();
    render(<AssistantSettings />);
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('An order cannot be allowed more than a whole day.')).toBeTruthy();
    expect(screen.getByLabelText('TRX an order').getAttribute('aria-invalid')).toBe('true');
  });

  it('says why there is nothing to allow in demo mode', async () => {
    installFakeBridge({ getAssistantAllowance: async () => ({ ok: true, value: { ...assistantOff, available: false } }) });
    render(<AssistantSettings />);
    expect(await screen.findByText(/in demo mode there is nothing to allow/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  });
});

describe('Orders: an order an AI assistant placed', () => {
  it('says via which client and why, each isolated so that neither can turn the line around', () => {
    installFakeBridge();
    render(<OrderList orders={[order({ localId: 'a1', assistant: { client: 'Claude Desktop', reason: 'supplier \u202Epayment' } })]} />);
    expect(screen.getByTestId('order-via').textContent).toBe('via \u2068Claude Desktop\u2069: “\u2068supplier \uFFFDpayment\u2069”');
  });
});
