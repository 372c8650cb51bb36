import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { composeLeadPayload, integrityMessages } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { ADMIN } from './support/constants';
import { expect, expectFitsPhone, pageHeading, registerPartner, signIn, test, type Account } from './support/fixtures';

// Each flow runs once at desktop width; the last test checks that its screens fit a phone.
const viewport = { name: 'desktop', size: { width: 1280, height: 800 } } as const;

async function refer(request: APIRequestContext, partner: Account, form: Parameters<typeof buildReferralForm>[0]) {
  const res = await request.post('/api/v1/leads/referral/by-uuid', {
    data: { ...composeLeadPayload(buildReferralForm(form), partner.user.uuid), website: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { leadData: { data: { details: { id: string } }[] } }).leadData.data[0]!.details.id;
}

test.describe('referral integrity', () => {
  test.use({ viewport: viewport.size });

  test('two partners refer one business: the admin splits it; the partner saw Under review and pre-checks it as taken', async ({
    page,
    request,
    browser,
  }) => {
    // Two partners, three pages and a worker round trip: more than the default budget on a shared machine.
    test.setTimeout(120_000);
    const suffix = randomBytes(4).toString('hex');
    const business = `Lantern Noodles ${suffix}`;
    const phone = `312${String(parseInt(suffix, 16) % 10_000_000).padStart(7, '0')}`;
    const first = await registerPartner(request, { fullName: `Ann First ${suffix}` });
    const second = await registerPartner(request, { fullName: `Ben Second ${suffix}` });
    await refer(request, first, { businessName: business, phoneNumber: phone, email: `owner@${suffix}-a.example` });
    await refer(request, second, { businessName: `${business} LLC`, phoneNumber: phone, email: `books@${suffix}-b.example` });

    // The second partner sees "Under review" on the referral (the worker matched it), never the other partner.
    const partnerPage = await browser.newPage({ viewport: viewport.size });
    await signIn(partnerPage, second, '/referrals');
    await expect(pageHeading(partnerPage, /referrals/i)).toBeVisible();
    await expect(partnerPage.getByText(integrityMessages.underReview).first()).toBeVisible({ timeout: 15_000 });
    await expect(partnerPage.getByText(first.fullName)).toHaveCount(0);

    // Their pre-check on /submit answers "taken", without a name.
    await partnerPage.goto('/submit');
    await partnerPage.getByLabel('Business name').last().fill(business);
    await partnerPage.getByRole('button', { name: 'Check' }).click();
    await expect(partnerPage.getByText('Taken: this business is already registered.')).toBeVisible();
    await expect(partnerPage.getByText(first.fullName)).toHaveCount(0);
    await partnerPage.close();

    await signIn(page, ADMIN, '/admin/conflicts');
    await expect(pageHeading(page, 'Referral integrity')).toBeVisible();
    const card = page
      .locator('div', { has: page.getByText(business, { exact: true }) })
      .filter({ has: page.getByRole('button', { name: 'Decide' }) })
      .last();
    await expect(card.getByRole('region', { name: 'First referral' })).toContainText(first.fullName);
    await expect(card.getByRole('region', { name: 'Second referral' })).toContainText(second.fullName);
    await expect(card.getByText(/UTC/).first()).toBeVisible();
    await card.getByRole('button', { name: 'Decide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decide this conflict' });
    await dialog.getByLabel('Decision').selectOption('split');
    await dialog.getByRole('button', { name: 'Save decision' }).click();
    await expect(dialog.getByText(integrityMessages.reasonRequired)).toBeVisible();
    await dialog.getByLabel('Reason').fill('Both introduced the merchant');
    await dialog.getByRole('button', { name: 'Save decision' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${business} LLC`)).toHaveCount(0);

    await page.getByRole('tab', { name: 'Decided' }).click();
    await expect(page.getByText('“Both introduced the merchant”').first()).toBeVisible();
  });

  test('the risk queue shows a self-referral with masked evidence and the partner’s note, and resolving it needs a note', async ({
    page,
    request,
    browser,
  }) => {
    const suffix = randomBytes(4).toString('hex');
    const partner = await registerPartner(request, { fullName: `Sam Self ${suffix}`, email: `sam@self-${suffix}.example` });
    const leadId = await refer(request, partner, {
      businessName: `Self Shop ${suffix}`,
      phoneNumber: `646${String(parseInt(suffix, 16) % 10_000_000).padStart(7, '0')}`,
      email: `till@self-${suffix}.example`,
    });
    // The self-referral check runs in the worker's fan-out of the new lead, a moment after the 201, and the page
    // reads the referral once: it opens when the check has run (on a busy machine that took over 15 s once).
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/v1/leads/mine/${leadId}`, {
            headers: { Authorization: `Bearer ${partner.token}` },
          });
          return ((await res.json()) as { data?: { under_review?: boolean } }).data?.under_review;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // The partner sees "Under review" on the referral and writes a note to the reviewer.
    const partnerPage = await browser.newPage({ viewport: viewport.size });
    await signIn(partnerPage, partner, `/referrals/${leadId}`);
    await expect(partnerPage.getByText(integrityMessages.underReview).first()).toBeVisible();
    const send = partnerPage.getByRole('button', { name: 'Send note' });
    const note = `We have known the owner for years ${suffix}`;
    await send.click();
    await expect(partnerPage.getByText(integrityMessages.reviewNoteRequired)).toBeVisible();
    await partnerPage.getByLabel('Your note').fill(note);
    await send.click();
    await expect(partnerPage.getByText(note)).toBeVisible();
    // On a phone the referral and its note card fit the screen.
    await expectFitsPhone(partnerPage, `/referrals/${leadId}`, `Self Shop ${suffix}`);
    await expect(send).toBeVisible();
    await partnerPage.close();

    await signIn(page, ADMIN, '/admin/risk');
    await expect(pageHeading(page, 'Referral integrity')).toBeVisible();
    const review = page.getByRole('button', { name: `Review ${partner.fullName}, Self-referral` });
    await expect(review).toBeVisible({ timeout: 15_000 });
    await review.click();
    const panel = page.getByRole('dialog', { name: 'Risk item' });
    await expect(panel.getByText(`self-${suffix}.example`).first()).toBeVisible();
    await expect(panel.getByText(`“${note}”`)).toBeVisible();
    await panel.getByRole('button', { name: 'Resolve' }).click();
    await expect(panel.getByText(integrityMessages.noteRequired)).toBeVisible();
    await panel.getByLabel('Resolution note').fill('The partner owns the shop; agreed with them');
    await panel.getByRole('button', { name: 'Resolve' }).click();
    await expect(panel.getByText('resolved', { exact: true })).toBeVisible();

    // Both admin queues fit a phone.
    await expectFitsPhone(page, '/admin/risk', 'Referral integrity');
    await expectFitsPhone(page, '/admin/conflicts', 'Referral integrity');
  });
});
