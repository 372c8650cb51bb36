import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { addMonths, composeLeadPayload, monthOf, settingKeys } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { ADMIN } from './support/constants';
import {
  approveLead,
  expect,
  loginApi,
  ownMerchant,
  pageHeading,
  registerPartner,
  signIn,
  submitReferral,
  test,
  type Account,
} from './support/fixtures';

// Issue 23 §9: no serious or critical axe finding on any screen, at desktop and at phone width. One
// signed-in page per role walks its screens in the app (no reload, no new sign-in per screen); each
// screen, and the menus and dialogs people open most, is checked at both widths.

// A step that cannot happen fails at once, with the findings so far, not at the test's timeout.
test.use({ actionTimeout: 10_000 });

const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** The open modal dialogs (native `<dialog>`, the page below them inert). */
const modal = 'dialog[open]';

/**
 * Axe's serious and critical findings on the page, or only within `selector` (a dialog, a menu).
 * Legacy mode: axe.run in the page itself. The default mode runs each frame apart, then opens a blank page,
 * injects axe again there and merges the results in it: about 0.7 s more a scan for what only cross-origin
 * frames need, and these screens have none. Those steps were 200 of the 340 s the 119 scans took (under load).
 */
async function seriousFindings(page: Page, selector?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  if (selector) axe.include(selector);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? ''})`));
}

/**
 * Walks one role's screens in one tab; what axe finds on each, at both widths, is a soft failure, so
 * the run goes on and names every finding (and the findings before a step that fails).
 */
class Walk {
  constructor(private readonly page: Page) {}

  /**
   * Axe on what is on screen now, at each width (or only the one given, for what shows at one width);
   * `within` narrows it to a dialog or a menu opened over a page already checked.
   */
  async scan(label: string, { only, within }: { only?: (typeof widths)[number]; within?: string } = {}) {
    for (const size of only ? [only] : widths) {
      await this.page.setViewportSize(size);
      expect.soft(await seriousFindings(this.page, within), `${label} at ${size.width} px`).toEqual([]);
    }
  }

  /**
   * Opens `path` inside the app (a history entry and a popstate, as the browser's back button does)
   * and waits for its heading, or for `ready` where the heading stays the same, then for the data.
   */
  async visit(path: string, heading: string | RegExp, ready?: Locator) {
    const page = this.page;
    // The heading on screen is the previous page's until the router has rendered the next one.
    await page.evaluate(() => document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-axe-left', '')));
    await page.evaluate((to) => {
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, path);
    await expect(ready ?? page.locator('h1:not([data-axe-left])').filter({ hasText: heading })).toBeVisible();
    await expect(pageHeading(page, heading)).toBeVisible();
    await this.settled();
    await this.scan(path);
  }

  /** No page spinner and no skeleton left: the screen shows its data. */
  async settled() {
    await expect(this.page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
    await expect(this.page.locator('.animate-pulse')).toHaveCount(0);
  }

  /** Clicks a tab of the page and checks the panel it shows. */
  async tab(label: string, name: string) {
    await this.page.getByRole('tab', { name, exact: true }).click();
    await expect(this.page.getByRole('tab', { name, exact: true, selected: true })).toBeVisible();
    await this.settled();
    await this.scan(`${label} (${name})`);
  }

  /** Opens a dialog with `opener`, checks it (the page below is inert), and closes it with Escape. */
  async dialog(label: string, opener: Locator, name: string | RegExp) {
    await opener.click();
    const dialog = this.page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await this.settled();
    await this.scan(label, { within: modal });
    await this.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
}

/** A partner with an approved referral (so a merchant account), a campaign link and a published statement. */
async function partnerWithData(request: APIRequestContext) {
  const partner = await registerPartner(request, { fullName: 'Axel Axe' });
  const business = `Axe Diner ${partner.user.id}`;
  const leadId = await submitReferral(request, partner, business);
  await approveLead(request, leadId, `MID-AXE-${partner.user.id}`);
  // A referral still in the pipeline, which the board can move.
  const open = `Axe Cafe ${partner.user.id}`;
  const openId = await submitReferral(request, partner, open);
  const campaign = await request.post('/api/v1/referral-links/campaigns', {
    headers: { Authorization: `Bearer ${partner.token}` },
    data: { name: 'Counter flyer' },
  });
  expect(campaign.status(), await campaign.text()).toBeLessThan(300);
  const headers = await adminHeaders(request);
  const month = addMonths(monthOf(new Date()), -1);
  const line = await request.post('/api/v1/admin/commissions/lines', {
    headers,
    data: { partner_id: partner.user.id, month, amount_cents: 12_345, description: 'Residuals' },
  });
  expect(line.status(), await line.text()).toBeLessThan(300);
  const list = await request.get(`/api/v1/admin/statements?month=${month}&partner_id=${partner.user.id}`, { headers });
  const statementId = String((await list.json()).data.items[0].id);
  const published = await request.post('/api/v1/admin/statements/publish', { headers, data: { statement_ids: [statementId] } });
  expect(published.status(), await published.text()).toBe(200);
  // A tax form on file: the partner's payout tab shows it and the admin's review queue lists it.
  const w9 = await request.put('/api/v1/users/payout-details', {
    headers: { Authorization: `Bearer ${partner.token}` },
    data: {
      tax_form: {
        kind: 'w9',
        legal_name: partner.fullName,
        business_name: null,
        entity_type: 'individual',
        address: { line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', zip: '78701' },
        tin_type: 'ssn',
        tin: '123-45-6789',
        certify: true,
        signature: partner.fullName,
      },
    },
  });
  expect(w9.status(), await w9.text()).toBe(200);
  const resource = await request.post('/api/v1/admin/resources', {
    headers,
    data: {
      title: `Axe pitch ${partner.user.id}`,
      type: 'link',
      category: 'Sales',
      url: 'https://example.org/pitch',
      published: true,
    },
  });
  expect(resource.status(), await resource.text()).toBe(201);
  return { partner, business, leadId, open, openId, statementId };
}

/**
 * A conflict (two partners refer one business) and a risk item (a partner refers their own business),
 * which the worker files a moment later; answers the conflict's business and the risk's partner.
 */
async function integrityCases(request: APIRequestContext) {
  const own = randomBytes(4).toString('hex');
  const phone = `312${String(parseInt(own, 16) % 10_000_000).padStart(7, '0')}`;
  const refer = async (partner: Account, form: Parameters<typeof buildReferralForm>[0]) => {
    const res = await request.post('/api/v1/leads/referral/by-uuid', {
      data: { ...composeLeadPayload(buildReferralForm(form), partner.user.uuid), website: '' },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  const business = `Axe Noodles ${own}`;
  await refer(await registerPartner(request, { fullName: `Ann First ${own}` }), { businessName: business, phoneNumber: phone });
  await refer(await registerPartner(request, { fullName: `Ben Second ${own}` }), {
    businessName: `${business} LLC`,
    phoneNumber: phone,
  });
  const self = await registerPartner(request, { fullName: `Sam Self ${own}`, email: `sam@self-${own}.example` });
  await refer(self, { ...ownMerchant(`Self Shop ${own}`), email: `till@self-${own}.example` });
  return { business, selfName: self.fullName };
}

/** Waits until the worker has filed what `integrityCases` caused, so the queues show it. */
async function filed(request: APIRequestContext, path: string, text: string) {
  const headers = await adminHeaders(request);
  await expect
    .poll(async () => JSON.stringify(await (await request.get(`/api/v1${path}?status=open`, { headers })).json()), {
      timeout: 30_000,
    })
    .toContain(text);
}

test('public screens: sign-in, sign-up, password reset, join, the referral page and its 404', async ({
  page,
  request,
  freshSettings: _,
}) => {
  test.setTimeout(180_000);
  const walk = new Walk(page);
  const partner = await registerPartner(request, { fullName: 'Rita Recruiter' });
  // With a contact address the referral page has its floating "Get in touch" button.
  const contact = await request.post('/api/v1/admin/settings', {
    headers: await adminHeaders(request),
    data: { key: settingKeys.contactUs, value: 'https://contact.example.org/hello' },
  });
  expect(contact.status(), await contact.text()).toBe(201);

  await page.goto('/login');
  await expect(pageHeading(page, 'Sign in')).toBeVisible();
  await walk.scan('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(pageHeading(page, 'Create your partner account')).toBeVisible();
  await walk.scan('/login (register)');
  for (const [path, heading] of [
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password?token=abc', /password/i],
    ['/join/any-recruit-token', 'Join a partner team'],
  ] as const) {
    await page.goto(path);
    await expect(pageHeading(page, heading)).toBeVisible();
    await walk.settled();
    await walk.scan(path);
  }

  await page.goto(`/referral/${partner.user.uuid}`);
  await expect(page.locator('html[data-landing-ready]')).toBeAttached();
  await walk.scan('/referral/{uuid}');
  const cut = await page.goto('/referral/not-a-uuid');
  expect(cut?.status()).toBe(404);
  await expect(pageHeading(page, 'This referral link is incomplete')).toBeVisible();
  await walk.scan('/referral/not-a-uuid');
});

test('partner screens, their menus and dialogs', async ({ page, request }) => {
  // A ceiling for a shared machine under heavy load (load average 25 and more on two cores).
  test.setTimeout(300_000);
  const { partner, business, leadId, statementId } = await partnerWithData(request);
  const walk = new Walk(page);

  await signIn(page, partner, '/dashboard');
  await expect(pageHeading(page, 'Dashboard')).toBeVisible();
  await walk.settled();
  await walk.scan('/dashboard');
  // The account menu, the share menu and a campaign link's QR code (desktop bar), the menu (phone).
  await page.setViewportSize(widths[0]);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await walk.scan('/dashboard (account menu)', { only: widths[0], within: '[role="menu"]' });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Share options' }).first().click();
  await expect(page.getByRole('group', { name: 'Share your referral link' })).toBeVisible();
  await walk.settled();
  await walk.scan('/dashboard (share menu)', { only: widths[0], within: '[aria-label="Share your referral link"]' });
  await page.getByRole('button', { name: 'Share options' }).first().click();
  await page.setViewportSize(widths[0]);
  await walk.dialog('/dashboard (campaign QR)', page.getByRole('button', { name: 'QR code of Counter flyer' }), /QR/);
  await page.setViewportSize(widths[1]);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await walk.scan('/dashboard (phone menu)', { only: widths[1], within: 'header' });
  await page.getByRole('button', { name: 'Close menu' }).click();

  await walk.visit('/referrals', 'Referrals');
  await walk.visit(`/referrals/${leadId}`, business);
  await walk.visit('/submit', 'Submit Referral');
  await walk.visit(`/proposal?lead=${leadId}`, 'Savings proposal');
  await walk.visit('/tutorials', 'Resources');
  await walk.visit('/compensation', 'My Commissions');
  await walk.visit(`/compensation/statements/${statementId}`, /^Statement ·/);
  await walk.visit('/team', 'My team');
  await walk.visit('/settings', 'Settings');
  await walk.visit('/settings?tab=payouts', 'Settings', page.getByRole('tab', { name: 'Payouts', selected: true }));
  await walk.visit('/settings?tab=integrations', 'Settings', page.getByRole('tab', { name: 'API & postbacks', selected: true }));
  await page.getByRole('button', { name: 'Create key' }).first().click();
  await walk.scan('/settings?tab=integrations (create key)', { within: 'form' });
});

// The admin's screens are two walks (a signed-in page each), so the two workers share the longest part.
test('admin screens: pipeline, users, commissions, their tabs and dialogs', async ({ page, request }) => {
  test.setTimeout(300_000);
  const { partner, business, open, openId, statementId } = await partnerWithData(request);
  const walk = new Walk(page);

  await signIn(page, ADMIN, '/admin');
  await expect(pageHeading(page, 'Dashboard')).toBeVisible();
  await walk.settled();
  await walk.scan('/admin');
  await page.setViewportSize(widths[0]);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await walk.scan('/admin (account menu)', { only: widths[0], within: '[role="menu"]' });
  await page.keyboard.press('Escape');

  await walk.visit('/admin/leads', 'Referrals', page.getByRole('tab', { name: /^All/, selected: true }));
  await walk.visit('/admin/leads?view=board', 'Referrals', page.getByRole('region', { name: 'Pipeline board' }));
  await walk.dialog('/admin/leads?view=board (move)', page.getByRole('button', { name: `Move ${open}` }), /Change status/);
  await walk.visit(`/admin/leads?lead=${openId}`, 'Referrals', page.getByRole('dialog', { name: `Referral ${open}` }));
  await page
    .getByRole('dialog', { name: `Referral ${open}` })
    .getByRole('button', { name: 'Change status' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Change status' })).toBeVisible();
  await walk.scan('/admin/leads?lead={id} (change status)', { within: modal });
  await page.keyboard.press('Escape');

  await walk.visit('/admin/users', 'Users');
  await walk.dialog('/admin/users (invite)', page.getByRole('button', { name: 'Invite user' }), 'Invite user');
  await walk.visit(`/admin/users/${partner.user.id}`, partner.fullName);
  await walk.visit(
    `/admin/users/${partner.user.id}?tab=team`,
    partner.fullName,
    page.getByRole('tab', { name: 'Team', selected: true }),
  );
  await walk.visit(`/admin/commissions/partners/${partner.user.id}`, `Commissions · ${partner.fullName}`);
  await page.getByRole('button', { name: `Splits of ${business}` }).click();
  const splits = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Edit splits' }) });
  await expect(splits).toBeVisible();
  await walk.scan('/admin/commissions/partners/{id} (splits)', { within: modal });
  await splits.getByRole('button', { name: 'Edit splits' }).click();
  await expect(page.getByRole('dialog', { name: `Edit splits · ${business}` })).toBeVisible();
  await walk.scan('/admin/commissions/partners/{id} (edit splits)', { within: modal });
  await page.keyboard.press('Escape');

  await walk.visit('/admin/commissions', 'Commissions', page.getByRole('tab', { name: 'Statements', selected: true }));
  for (const name of ['Import report', 'Unmatched MIDs', 'Monthly totals', 'Plan']) await walk.tab('/admin/commissions', name);
  await walk.dialog('/admin/commissions (adjustment)', page.getByRole('button', { name: 'Add adjustment' }), 'Add adjustment');
  await walk.visit(`/admin/commissions/statements/${statementId}`, /^Statement ·/);
});

test('admin screens: integrity, payouts, resources, settings, audit log, account', async ({ page, request }) => {
  test.setTimeout(300_000);
  await partnerWithData(request);
  const integrity = await integrityCases(request);
  const walk = new Walk(page);

  await signIn(page, ADMIN, '/admin/audit');
  await expect(pageHeading(page, 'Audit log')).toBeVisible();
  await walk.settled();
  await walk.scan('/admin/audit');
  await filed(request, '/admin/conflicts', integrity.business);
  await filed(request, '/admin/risk', integrity.selfName);
  await walk.visit('/admin/conflicts', 'Referral integrity', page.getByText(`${integrity.business} LLC`).first());
  await walk.dialog('/admin/conflicts (decide)', page.getByRole('button', { name: 'Decide' }).first(), 'Decide this conflict');
  await walk.tab('/admin/conflicts', 'Decided');
  await walk.visit('/admin/risk', 'Referral integrity', page.getByText(integrity.selfName).first());
  for (const name of ['Resolved', 'Voided']) await walk.tab('/admin/risk', name);
  await walk.visit(
    '/admin/integrity-settings',
    'Referral integrity',
    page.getByRole('link', { name: 'Rules', exact: true }).and(page.locator('[aria-current="page"]')),
  );
  await walk.visit('/admin/payouts', 'Payouts', page.getByRole('tab', { name: /^Review/, selected: true }));
  await walk.visit('/admin/payouts?tab=batches', 'Payouts', page.getByRole('tab', { name: 'Batches', selected: true }));
  await walk.visit('/admin/payouts?tab=tax', 'Payouts', page.getByRole('tab', { name: 'Tax (1099-NEC)', selected: true }));
  await walk.visit('/admin/tutorials', 'Resources');
  await walk.visit('/admin/settings', 'Settings');
  await page.getByRole('button', { name: 'Create key' }).first().click();
  await walk.scan('/admin/settings (create key)', { within: 'form' });
  await walk.visit('/admin/submit', /Submit/);
  await walk.visit('/admin/account', 'Your account');
});
