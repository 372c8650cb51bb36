import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '@portal/contract';
import { api, currentPath, findPageHeading, partner, renderApp, server, setUpAppTests } from './testing/render-app';

setUpAppTests();
const m = messages.resetPassword;

const linkStatus = (state: string, canRequestInvite: boolean) =>
  http.get(api('/users/reset-password/status'), () =>
    HttpResponse.json({ status: 'success', data: { state, purpose: 'invite', can_request_invite: canRequestInvite } }),
  );

describe('invitation links (issue 23 §6)', () => {
  it('signs the person in with their first password and welcomes them, not back', async () => {
    server.use(
      linkStatus('valid', true),
      http.post(api('/users/reset-password'), () =>
        HttpResponse.json({ status: 'success', message: m.firstPasswordSignedIn, data: { user: partner, token: 'new-session' } }),
      ),
    );
    renderApp('/reset-password?token=invite-token&invite=1');
    await findPageHeading(m.firstPasswordTitle);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    await findPageHeading('Dashboard');
    expect(currentPath()).toBe('/dashboard');
    expect(screen.getByText('Welcome, Pat.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('new-session');
  });

  it('says a used invitation was used and offers sign-in', async () => {
    server.use(linkStatus('used', false));
    renderApp('/reset-password?token=used-token&invite=1');
    await findPageHeading(m.inviteUsedTitle);
    expect(screen.getByText(m.inviteUsedBody)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('offers a new invitation for an expired link, and says it is on its way', async () => {
    let renewedWith: unknown;
    server.use(
      linkStatus('expired', true),
      http.post(api('/users/invitation/renew'), async ({ request }) => {
        renewedWith = await request.json();
        return HttpResponse.json({ status: 'success', message: m.inviteRenewed });
      }),
    );
    renderApp('/reset-password?token=old-token&invite=1');
    await findPageHeading(m.inviteExpiredTitle);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send me a new invitation' }));
    expect(await screen.findByText(m.inviteRenewed)).toBeTruthy();
    expect(renewedWith).toEqual({ token: 'old-token' });
  });
});
