import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@portal/contract';
import { ReasonDialog } from './reason-dialog';

const props = { open: true, title: 'Disable 1 user', description: 'Signed out at once.', onCancel: () => undefined };

describe('ReasonDialog', () => {
  afterEach(cleanup);

  it('asks for the reason with the contract message, then confirms it trimmed', async () => {
    const onConfirm = vi.fn();
    render(<ReasonDialog {...props} confirmLabel="Disable" onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(messages.adminUsers.reasonRequired)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Reason'), '  Left the company  ');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Left the company'));
  });

  it('confirms an empty reason when it is optional', async () => {
    const onConfirm = vi.fn();
    render(<ReasonDialog {...props} confirmLabel="Enable" isReasonOptional onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledWith(''));
    expect(screen.queryByText(messages.adminUsers.reasonRequired)).toBeNull();
  });
});
