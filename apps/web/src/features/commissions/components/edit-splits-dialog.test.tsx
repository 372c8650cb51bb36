import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { teamMessages, type MerchantSplits, type PutSplitsRequest } from '@portal/contract';
import { createQueryClient } from '@/lib/query-client';
import { EditSplitsDialog } from './edit-splits-dialog';

const level = (n: number, id: number, name: string, rate: number) => ({
  level: n,
  partner_id: id,
  partner_name: name,
  rate_bps: rate,
  basis: 'share_of_net' as const,
  funding: 'house' as const,
  end_month: null,
  rate_after_bps: null,
  negative_net: 'pass_through' as const,
});

const splits: MerchantSplits = {
  merchant_account_id: '0b6c3f0e-2b7a-4d55-9a53-6f1d2c7e8a90',
  business: 'Agent Bakery',
  mid_last4: '1234',
  versions: [{ from_month: '2026-05', levels: [level(0, 7, 'Aggie Agent', 5_000), level(1, 8, 'Manny Manager', 1_000)] }],
  preview: null,
  problem: null,
  currency: 'USD',
};

let sent: PutSplitsRequest[] = [];
let answer: () => Response = () => HttpResponse.json({ status: 'success', data: splits });
const server = setupServer(
  http.put('*/api/v1/admin/merchant-accounts/:id/splits', async ({ request }) => {
    sent.push((await request.json()) as PutSplitsRequest);
    return answer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  sent = [];
  answer = () => HttpResponse.json({ status: 'success', data: splits });
});
afterAll(() => server.close());

function renderDialog() {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EditSplitsDialog splits={splits} partnerId={7} onClose={() => undefined} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save splits' }));

describe('EditSplitsDialog', () => {
  it('starts from the latest version and sends the new share and rates in basis points from the month', async () => {
    const onSaved = renderDialog();
    expect(screen.getByLabelText<HTMLInputElement>("Partner's own share (%)").value).toBe('50');
    expect(screen.getByLabelText<HTMLInputElement>('Level 1 rate (%)').value).toBe('10');
    expect(screen.getByText('Manny Manager')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-09' } });
    await userEvent.clear(screen.getByLabelText("Partner's own share (%)"));
    await userEvent.type(screen.getByLabelText("Partner's own share (%)"), '30');
    await userEvent.clear(screen.getByLabelText('Level 1 rate (%)'));
    await userEvent.type(screen.getByLabelText('Level 1 rate (%)'), '12.5');
    await userEvent.selectOptions(screen.getByLabelText('Level 1 basis'), 'downline_share');
    await userEvent.selectOptions(screen.getByLabelText('Level 1 paid by'), 'downline');
    await save();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      {
        from_month: '2026-09',
        residual_share_bps: 3_000,
        levels: [
          { partner_id: 8, rate_bps: 1_250, basis: 'downline_share', funding: 'downline', end_month: null, rate_after_bps: null },
        ],
      },
    ]);
  });

  it('refuses a bad rate and a level without a partner on their fields, focusing the first, and sends nothing', async () => {
    renderDialog();
    await userEvent.clear(screen.getByLabelText('Level 1 rate (%)'));
    await userEvent.type(screen.getByLabelText('Level 1 rate (%)'), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Add level' }));
    await save();
    expect(await screen.findAllByText(teamMessages.overRate)).toHaveLength(2);
    expect(screen.getByLabelText('Level 1 rate (%)').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Level 1 rate (%)'));
    expect(screen.getByText(teamMessages.uplineNotPartner)).toBeTruthy();
    expect(screen.getByLabelText('Level 2 rate (%)').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    // An end month asks for the rate after it.
    await userEvent.click(screen.getByRole('button', { name: 'Remove level 2' }));
    await userEvent.clear(screen.getByLabelText('Level 1 rate (%)'));
    await userEvent.type(screen.getByLabelText('Level 1 rate (%)'), '10');
    fireEvent.change(screen.getByLabelText('Level 1 ends after'), { target: { value: '2027-06' } });
    await save();
    expect(await screen.findByText(teamMessages.endMonthNeedsRate)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("puts the server's refusal of a published month on the month field", async () => {
    const message = teamMessages.splitsPublished('2026-05');
    answer = () => HttpResponse.json({ status: 'error', message, errors: { from_month: message } }, { status: 409 });
    const onSaved = renderDialog();
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-05' } });
    await save();
    const month = screen.getByLabelText('From month');
    await vi.waitFor(() => expect(month.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(month);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
