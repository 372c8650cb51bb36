import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest } from '../testing/bad-request';
import { useZodForm } from './use-zod-form';

afterEach(cleanup);

const schema = z.object({ email: z.string().min(1, 'Email is required') });

function EmailForm({ run }: { run: () => Promise<void> }) {
  const { field, submit, formError, setServerErrors } = useZodForm(schema, { defaultValues: { email: '' } });
  const onSubmit = submit(run, (error) => (setServerErrors(error, ['email']) ? undefined : 'Could not save'));
  const { error, ...input } = field('email');
  return (
    <form onSubmit={onSubmit} noValidate>
      {formError && <p role="alert">{formError}</p>}
      <input aria-label="Email" {...input} />
      {error && <p>{error}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

describe('useZodForm', () => {
  it("shows the schema's message on the field and does not submit", async () => {
    let calls = 0;
    render(<EmailForm run={async () => void calls++} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(calls).toBe(0);
  });

  it("puts the server's field message on the field, else shows the form's error", async () => {
    const { unmount } = render(
      <EmailForm run={() => Promise.reject(badRequest({ email: 'Email already taken' }, 'Validation failed'))} />,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email already taken')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();

    render(<EmailForm run={() => Promise.reject(new Error('offline'))} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Could not save'));
  });
});
