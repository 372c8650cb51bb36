import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultCommissionPlan, teamMessages, type CommissionPlan } from '@portal/contract';
import { badRequest } from '@/lib/testing/bad-request';
import { PlanForm } from './plan-form';

afterEach(cleanup);

const plan: CommissionPlan = {
  ...defaultCommissionPlan,
  override_levels: [
    { rate_bps: 1_000, end_month: '2027-06', rate_after_bps: 500 },
    { rate_bps: 250, end_month: null, rate_after_bps: null },
  ],
};

describe('PlanForm team override', () => {
  it('edits the level rates in percent, the basis and the funding, and sends basis points', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<PlanForm plan={plan} currency="USD" submitLabel="Save plan" onSubmit={onSubmit} />);
    expect(screen.getByLabelText<HTMLInputElement>('Level 1 rate (%)').value).toBe('10');
    expect(screen.getByLabelText<HTMLInputElement>('Level 2 rate (%)').value).toBe('2.5');
    // Funding only matters for a share of the downline's residual.
    expect(screen.queryByLabelText('Who pays the override')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove level 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add level' }));
    await userEvent.type(screen.getByLabelText('Level 2 rate (%)'), '3.75');
    await userEvent.selectOptions(screen.getByLabelText('Override basis'), 'downline_share');
    await userEvent.selectOptions(screen.getByLabelText('Who pays the override'), 'downline');
    await userEvent.click(screen.getByRole('button', { name: 'Save plan' }));

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      override_levels: [
        { rate_bps: 1_000, end_month: '2027-06', rate_after_bps: 500 },
        { rate_bps: 375, end_month: null, rate_after_bps: null },
      ],
      override_basis: 'downline_share',
      override_funding: 'downline',
    });
  });

  it('stops at five levels and refuses a rate over 100 %', async () => {
    const onSubmit = vi.fn();
    render(<PlanForm plan={plan} currency="USD" submitLabel="Save plan" onSubmit={onSubmit} />);
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: 'Add level' }));
    expect(screen.getByLabelText('Level 5 rate (%)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add level' })).toBeNull();

    await userEvent.clear(screen.getByLabelText('Level 1 rate (%)'));
    await userEvent.type(screen.getByLabelText('Level 1 rate (%)'), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    expect((await screen.findAllByText(teamMessages.overRate)).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the rate after an end month, then sends both', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<PlanForm plan={plan} currency="USD" submitLabel="Save plan" onSubmit={onSubmit} />);
    expect(screen.getByLabelText<HTMLInputElement>('Level 1 ends after').value).toBe('2027-06');
    expect(screen.getByLabelText<HTMLInputElement>('Level 1 rate after (%)').value).toBe('5');
    fireEvent.change(screen.getByLabelText('Level 2 ends after'), { target: { value: '2027-03' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText(teamMessages.endMonthNeedsRate)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Level 2 rate after (%)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].override_levels[1]).toEqual({ rate_bps: 250, end_month: '2027-03', rate_after_bps: 100 });
  });

  it("puts the server's message for a level on that level's field", async () => {
    const message = teamMessages.overridesPayTooMuch(11_000);
    const onSubmit = vi.fn().mockRejectedValue(badRequest({ 'override_levels.1.rate_bps': message }));
    render(<PlanForm plan={plan} currency="USD" submitLabel="Save plan" onSubmit={onSubmit} />);
    await userEvent.clear(screen.getByLabelText('Level 2 rate (%)'));
    await userEvent.type(screen.getByLabelText('Level 2 rate (%)'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Level 2 rate (%)').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits what a negative net does (passed on, or floored at zero) and sends it', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<PlanForm plan={plan} currency="USD" submitLabel="Save plan" onSubmit={onSubmit} />);
    const select = screen.getByLabelText<HTMLSelectElement>('On a negative net');
    expect(select.value).toBe('pass_through');
    expect([...select.options].map((o) => o.text)).toEqual(['Pass on as a negative line', 'Floor at zero']);
    await userEvent.selectOptions(select, 'floor_zero');
    await userEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ...plan, negative_net: 'floor_zero' });
  });

  it("puts the server's message for the negative-net rule on its field", async () => {
    const onSubmit = vi.fn().mockRejectedValue(badRequest({ negative_net: 'Invalid option' }));
    render(<PlanForm plan={plan} currency="USD" submitLabel="Save plan" onSubmit={onSubmit} />);
    await userEvent.selectOptions(screen.getByLabelText('On a negative net'), 'floor_zero');
    await userEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Invalid option')).toBeTruthy();
    expect(screen.getByLabelText('On a negative net').getAttribute('aria-invalid')).toBe('true');
  });
});
