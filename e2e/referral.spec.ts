import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { composeLeadPayload, limits, messages, settingKeys, type ReferralForm } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, loginApi, registerPartner, signIn, test, uniqueEmail } from './support/fixtures';

const m = messages.referral;
const LANDING_SUBMIT = 'Get My Free Analysis';
const LEAD_URL = '**/api/v1/leads/referral/by-uuid';

const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

/** The form's controls, by their visible labels (exact: the consent texts mention "phone" and "emails"). */
function referralForm(page: Page) {
  const form = page.locator('form').filter({ has: page.getByLabel('Business Name', { exact: true }) });
  return {
    form,
    businessName: form.getByLabel('Business Name', { exact: true }),
    fullName: form.getByLabel('Full Name', { exact: true }),
    email: form.getByLabel('Email', { exact: true }),
    industry: form.getByLabel('Industry', { exact: true }),
    countryCode: form.getByLabel('Country code', { exact: true }),
    phone: form.getByLabel('Phone Number', { exact: true }),
    notes: form.getByLabel('Additional Notes', { exact: true }),
    smsConsent: form.getByRole('checkbox', { name: /text messages/ }),
    marketingConsent: form.getByRole('checkbox', { name: /marketing/ }),
    submit: form.getByRole('button', { name: new RegExp(`${LANDING_SUBMIT}|Submit Referral|${m.submitting}`) }),
  };
}

type FormLocators = ReturnType<typeof referralForm>;

/** A valid merchant request; `email` unique unless given. */
function merchant(overrides: Partial<ReferralForm> = {}): ReferralForm {
  return {
    businessName: "Rosa's Taqueria",
    fullName: 'Rosa Maria Delgado',
    email: uniqueEmail('merchant'),
    businessType: 'Restaurant',
    countryCode: '+1',
    phoneNumber: '4155550123',
    description: 'About $60k a month in card sales, two terminals.',
    smsConsent: true,
    marketingConsent: true,
    ...overrides,
  };
}

async function fillForm(f: FormLocators, values: ReferralForm, country = 'US') {
  await f.businessName.fill(values.businessName);
  await f.fullName.fill(values.fullName);
  await f.email.fill(values.email);
  await f.industry.selectOption(values.businessType);
  await f.countryCode.selectOption(country);
  await f.phone.fill(values.phoneNumber);
  await f.notes.fill(values.description);
  await f.smsConsent.setChecked(values.smsConsent);
  await f.marketingConsent.setChecked(values.marketingConsent);
}

/** The message element a control points at through aria-describedby. */
async function expectFieldError(control: Locator, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await control.getAttribute('aria-describedby');
  expect(describedBy, 'aria-describedby').toBeTruthy();
  await expect(control.page().locator(`[id="${describedBy}"]`)).toHaveText(message);
}

async function setPixelId(request: APIRequestContext, token: string, pixelId: string) {
  const res = await request.put('/api/v1/users/update-pixel-id', {
    headers: { Authorization: `Bearer ${token}` },
    data: { facebook_pixel_id: pixelId },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Stands in for Meta's fbevents.js: takes over the `fbq` stub's queue like the real script and reports
 * each event to www.facebook.com/tr, which the test answers itself. Nothing leaves the machine.
 */
const fakeFbevents = `
(function () {
  var fbq = window.fbq, pixelId = '';
  window.__fbqCalls = [];
  function handle(args) {
    args = Array.prototype.slice.call(args);
    window.__fbqCalls.push(args);
    if (args[0] === 'init') pixelId = args[1];
    if (args[0] === 'track') {
      new Image().src = 'https://www.facebook.com/tr?id=' + encodeURIComponent(pixelId) + '&ev=' + encodeURIComponent(args[1]);
    }
  }
  fbq.callMethod = function () { handle(arguments); };
  fbq.queue.splice(0).forEach(handle);
})();`;

const tinyGif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

for (const viewport of viewports) {
  test.describe(`referral landing page (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });

    test('shows every required message on an empty submit, wired to its field', async ({ page, request }) => {
      const partner = await registerPartner(request);
      await page.goto(`/referral/${partner.user.uuid}`);
      const f = referralForm(page);
      await expect(f.countryCode).toHaveValue('US');
      await f.submit.click();

      await expectFieldError(f.businessName, m.businessNameRequired);
      await expectFieldError(f.fullName, m.fullNameRequired);
      await expectFieldError(f.email, m.emailRequired);
      await expectFieldError(f.industry, m.industryRequired);
      await expectFieldError(f.phone, m.phoneRequired);
      await expectFieldError(f.notes, m.notesRequired);
      await expectFieldError(f.smsConsent, m.smsConsentRequired);
      await expectFieldError(f.marketingConsent, m.marketingConsentRequired);
      await expect(f.businessName).toBeFocused();
      // Fixing a field clears its message (react-hook-form re-validates on change after a submit).
      await f.businessName.fill('Corner Bakery');
      await expect(page.getByText(m.businessNameRequired)).toHaveCount(0);
      await expect(f.businessName).not.toHaveAttribute('aria-invalid', 'true');
    });

    // Rules, messages and tracking do not depend on the width: checked once, at desktop width.
    if (viewport.name === 'desktop') {
      test('applies each phone rule and rejects an invalid email', async ({ page, request }) => {
        const partner = await registerPartner(request);
        await page.goto(`/referral/${partner.user.uuid}`);
        const f = referralForm(page);
        await fillForm(f, merchant({ email: 'rosa@taqueria' }));
        await f.submit.click();
        await expectFieldError(f.email, m.emailInvalid);

        const cases: [string, string][] = [
          ['0123456', m.phoneLeadingZero],
          ['12ab56', m.phoneDigitsOnly],
          ['12345', m.phoneTooShort],
          ['1234567890123456', m.phoneTooLong],
        ];
        for (const [phone, message] of cases) {
          await f.phone.fill(phone);
          await f.submit.click();
          await expectFieldError(f.phone, message);
          await expect(page.getByText(message, { exact: true })).toBeVisible();
        }
        await f.phone.fill('123456789012345');
        await expect(f.phone).not.toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText(m.phoneTooLong)).toHaveCount(0);
      });
    }

    test('submits a referral: Submitting... with every control disabled, then Thank You', async ({ page, request }) => {
      const partner = await registerPartner(request);
      const visit = page.waitForResponse(
        (res) => res.url().endsWith(`/leads/referral/${partner.user.uuid}/visit`) && res.request().method() === 'POST',
      );
      await page.goto(`/referral/${partner.user.uuid}`);
      expect((await visit).status()).toBe(204);

      const f = referralForm(page);
      const values = merchant();
      await fillForm(f, values, 'CA');
      await expect(f.countryCode).toHaveValue('CA');
      const honeypot = page.locator('input[name="website"]');
      await expect(honeypot).toHaveAttribute('tabindex', '-1');
      await expect(honeypot).toHaveAttribute('autocomplete', 'off');
      await expect(honeypot).toHaveAttribute('aria-hidden', 'true');
      await expect(honeypot).not.toBeInViewport();

      // Hold the request so the submitting state can be seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(LEAD_URL, async (route) => {
        await held;
        await route.continue();
      });
      const response = page.waitForResponse(LEAD_URL);
      await f.submit.click();
      await expect(f.submit).toHaveText(m.submitting);
      for (const control of [
        f.businessName,
        f.fullName,
        f.email,
        f.industry,
        f.countryCode,
        f.phone,
        f.notes,
        f.smsConsent,
        f.marketingConsent,
        f.submit,
      ]) {
        await expect(control).toBeDisabled();
      }
      release();

      const res = await response;
      expect(res.status()).toBe(201);
      const body = await res.json();
      expect(body.leadData.data[0].code).toBe('SUCCESS');
      expect(body.noteData.data[0].code).toBe('SUCCESS');
      const sent = res.request().postDataJSON();
      expect(sent).toMatchObject({
        uuid: partner.user.uuid,
        First_Name: 'Rosa',
        Last_Name: 'Maria Delgado',
        Email: values.email,
        Company: values.businessName,
        Business_Type: 'Restaurant',
        Title: '+14155550123',
        countryCode: '+1',
        phoneNumber: '4155550123',
        smsConsent: true,
        marketingConsent: true,
        website: '',
      });
      expect(sent.Description).toContain(values.description);

      await expect(page.getByText(m.submitted)).toBeVisible();
      await expect(page.getByRole('heading', { name: m.thankYouTitle })).toBeVisible();
      await expect(page.getByText(m.thankYouBody)).toBeVisible();
      await expect(f.form).toHaveCount(0);
    });

    // The same for these.
    if (viewport.name === 'desktop') {
      test('a duplicate email fails with only the generic toast; the reason is logged', async ({ page, request }) => {
        const partner = await registerPartner(request);
        const values = merchant();
        const first = await request.post('/api/v1/leads/referral/by-uuid', {
          data: composeLeadPayload(values, partner.user.uuid),
        });
        expect(first.status(), await first.text()).toBe(201);
        const leadId: string = (await first.json()).leadData.data[0].details.id;

        const logged: string[] = [];
        page.on('console', (msg) => logged.push(msg.text()));
        await page.goto(`/referral/${partner.user.uuid}`);
        const f = referralForm(page);
        await fillForm(f, { ...values, businessName: 'Another Name' });
        const response = page.waitForResponse(LEAD_URL);
        await f.submit.click();
        const body = await (await response).json();
        expect(body.leadData.data[0].code).toBe('DUPLICATE_DATA');

        await expect(page.getByText(m.submitFailed)).toBeVisible();
        await expect(page.getByText(m.duplicate(leadId))).toHaveCount(0);
        await expect(page.getByRole('heading', { name: m.thankYouTitle })).toHaveCount(0);
        await expect(f.submit).toHaveText(LANDING_SUBMIT);
        await expect(f.businessName).toBeEnabled();
        await expect(f.businessName).toHaveValue('Another Name');
        expect(logged.some((text) => text.includes(m.duplicate(leadId)))).toBe(true);
      });

      test('a link without a uuid shows Invalid referral link on submit; a malformed one answers 404', async ({ page }) => {
        let leadCalls = 0;
        page.on('request', (req) => {
          if (req.url().includes('/leads/referral/by-uuid')) leadCalls += 1;
        });
        // Issue 23 §8: a cut link is a page that says so, not a form that fails on submit.
        const cut = await page.goto('/referral/not-a-partner-id');
        expect(cut?.status()).toBe(404);
        await expect(page.getByRole('heading', { name: 'This referral link is incomplete', level: 1 })).toBeVisible();
        for (const path of ['/referral/']) {
          await page.goto(path);
          const f = referralForm(page);
          await fillForm(f, merchant());
          await f.submit.click();
          await expect(page.getByText(m.invalidLink)).toBeVisible();
          await expect(f.submit).toBeEnabled();
        }
        expect(leadCalls).toBe(0);
      });

      test('the FAQ opens one answer at a time and works from the keyboard', async ({ page, request }) => {
        const partner = await registerPartner(request);
        await page.goto(`/referral/${partner.user.uuid}`);
        const faq = page.locator('section', { has: page.getByRole('heading', { name: 'Frequently asked questions' }) });
        const questions = faq.getByRole('button');
        await expect(questions).toHaveCount(limits.faqEntries);
        for (const question of await questions.all()) await expect(question).toHaveAttribute('aria-expanded', 'false');

        const panelOf = async (question: Locator) => page.locator(`[id="${await question.getAttribute('aria-controls')}"]`);
        const [first, second] = [questions.nth(0), questions.nth(1)];
        await first.click();
        await expect(first).toHaveAttribute('aria-expanded', 'true');
        await expect(await panelOf(first)).toBeVisible();
        await expect(await panelOf(first)).toContainText('cash price');

        await second.click();
        await expect(second).toHaveAttribute('aria-expanded', 'true');
        await expect(first).toHaveAttribute('aria-expanded', 'false');
        await expect(await panelOf(first)).toBeHidden();
        await expect(await panelOf(second)).toBeVisible();
        await expect(faq.locator('[role="region"]:visible')).toHaveCount(1);

        await second.click();
        await expect(second).toHaveAttribute('aria-expanded', 'false');
        await expect(faq.locator('[role="region"]:visible')).toHaveCount(0);

        // Keyboard: focus moves with the arrows, Enter and Space toggle.
        await first.focus();
        await page.keyboard.press('ArrowDown');
        await expect(second).toBeFocused();
        await page.keyboard.press('End');
        await expect(questions.nth(limits.faqEntries - 1)).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(first).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(first).toHaveAttribute('aria-expanded', 'true');
        await page.keyboard.press('Space');
        await expect(first).toHaveAttribute('aria-expanded', 'false');
      });

      test('loads the Meta Pixel for a partner with a Pixel ID: PageView, then Lead after submitting', async ({
        page,
        request,
      }) => {
        const partner = await registerPartner(request);
        const pixelId = '123456789012345';
        await setPixelId(request, partner.token, pixelId);

        const scriptRequests: string[] = [];
        const events: URLSearchParams[] = [];
        await page.route('https://connect.facebook.net/**', (route) => {
          scriptRequests.push(route.request().url());
          return route.fulfill({ contentType: 'application/javascript', body: fakeFbevents });
        });
        await page.route('https://www.facebook.com/**', (route) => {
          events.push(new URL(route.request().url()).searchParams);
          return route.fulfill({ contentType: 'image/gif', body: tinyGif });
        });

        await page.goto(`/referral/${partner.user.uuid}`);
        await expect.poll(() => scriptRequests).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
        await expect.poll(() => events.map((e) => e.get('ev'))).toEqual(['PageView']);
        expect(events[0]!.get('id')).toBe(pixelId);

        const f = referralForm(page);
        await fillForm(f, merchant());
        const submission = page.waitForRequest(
          (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/leads/referral/by-uuid'),
        );
        await f.submit.click();
        await expect(page.getByRole('heading', { name: m.thankYouTitle })).toBeVisible();
        await expect.poll(() => events.map((e) => e.get('ev'))).toEqual(['PageView', 'Lead']);
        // The submission carries the Lead's event id, so the server's Conversions API event matches it.
        const { tracking } = (await submission).postDataJSON() as { tracking: { eventId: string; pageUrl: string } };
        expect(tracking.eventId).toMatch(/^lead\.\d+\.[0-9a-f]{24}$/);
        expect(tracking.pageUrl).toContain(`/referral/${partner.user.uuid}`);
        const calls = await page.evaluate(() => (window as unknown as { __fbqCalls: unknown[][] }).__fbqCalls);
        expect(calls).toEqual([
          ['init', pixelId],
          ['track', 'PageView'],
          ['track', 'Lead', {}, { eventID: tracking.eventId }],
        ]);
      });

      test('sends nothing to Facebook for a partner without a Pixel ID', async ({ page, request }) => {
        const partner = await registerPartner(request);
        const facebook: string[] = [];
        const isFacebook = (req: Request) => /(^|\.)facebook\.(com|net)$/.test(new URL(req.url()).hostname);
        page.on('request', (req) => {
          if (isFacebook(req)) facebook.push(req.url());
        });
        await page.route(/facebook\.(com|net)/, (route) => route.abort());

        const pageInfo = page.waitForResponse(`**/api/v1/leads/referral/${partner.user.uuid}/page`);
        await page.goto(`/referral/${partner.user.uuid}`);
        expect((await (await pageInfo).json()).data.facebook_pixel_id).toBe('');
        const f = referralForm(page);
        await fillForm(f, merchant());
        await f.submit.click();
        await expect(page.getByRole('heading', { name: m.thankYouTitle })).toBeVisible();
        expect(await page.evaluate(() => 'fbq' in window)).toBe(false);
        expect(facebook).toEqual([]);
      });
    }

    test('a logged-in partner submits from /submit and the form clears for the next referral', async ({ page, request }) => {
      const partner = await registerPartner(request);
      await signIn(page, partner, '/submit');
      await expect(page.getByRole('heading', { name: 'Submit Referral', level: 1 })).toBeVisible();

      const f = referralForm(page);
      await f.submit.click();
      await expectFieldError(f.businessName, m.businessNameRequired);

      const values = merchant();
      await fillForm(f, values, 'GB');
      const response = page.waitForResponse(LEAD_URL);
      await f.submit.click();
      const res = await response;
      expect(res.status()).toBe(201);
      expect((await res.json()).leadData.data[0].code).toBe('SUCCESS');
      expect(res.request().headers().authorization).toMatch(/^Bearer \S+/);
      expect(res.request().postDataJSON()).toMatchObject({
        uuid: partner.user.uuid,
        Title: '+444155550123',
        Email: values.email,
      });

      await expect(page.getByText(m.submitted)).toBeVisible();
      await expect(page.getByRole('heading', { name: m.thankYouTitle })).toHaveCount(0);
      await expect(f.businessName).toHaveValue('');
      await expect(f.email).toHaveValue('');
      await expect(f.industry).toHaveValue('');
      await expect(f.countryCode).toHaveValue('US');
      await expect(f.phone).toHaveValue('');
      await expect(f.smsConsent).not.toBeChecked();
      await expect(f.submit).toHaveText('Submit Referral');
      await expect(f.businessName).toBeEnabled();
    });
  });
}

test.describe('contact link and support phone from the settings', () => {
  // The floating button is a phone's way to reach the reseller; the desktop layout is checked by landing-first-paint.
  for (const viewport of viewports.filter((v) => v.name === 'phone')) {
    test.describe(viewport.name, () => {
      test.use({ viewport: viewport.size });

      test(`show nothing invented, then the admin's Contact Us and Support Phone (${viewport.name})`, async ({
        page,
        context,
        request: api,
        freshSettings: _,
      }) => {
        const partner = await registerPartner(api);
        // The server renders the page with the settings (issue 12 §1): nothing to wait for but the page.
        await page.goto(`/referral/${partner.user.uuid}`);
        await expect(page.locator('html[data-landing-ready]')).toBeAttached();
        const link = page.getByRole('link', { name: m.getInTouch });
        // Nothing set: no invented contact link or phone number.
        await expect(link).toHaveCount(0);
        await expect(referralForm(page).smsConsent).toHaveAccessibleName(/Text HELP for help\./);

        const contactUrl = 'https://contact.example.org/hello';
        const supportPhone = '+1 (555) 010-4242';
        const adminToken = await loginApi(api, ADMIN.email, ADMIN.password);
        const headers = { Authorization: `Bearer ${adminToken}` };
        for (const [key, value] of [
          [settingKeys.contactUs, contactUrl],
          [settingKeys.supportPhone, supportPhone],
        ]) {
          const created = await api.post('/api/v1/admin/settings', { headers, data: { key, value } });
          expect(created.status(), await created.text()).toBe(201);
        }

        await page.reload();
        await expect(page.locator('html[data-landing-ready]')).toBeAttached();
        await expect(link).toHaveAttribute('href', contactUrl);
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
        // The floating button keeps clear of the forms (issue 12 §1): it shows once they are out of its way.
        await page.getByText(/All rights reserved/).scrollIntoViewIfNeeded();
        await expect(link).toBeInViewport();
        const sms = referralForm(page).smsConsent;
        await expect(sms).toHaveAccessibleName(new RegExp(`HELP.*${escapeRegExp(supportPhone)}.*STOP to unsubscribe`));
        const popup = context.waitForEvent('page');
        await context.route(contactUrl, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Contact</title>' }));
        await link.click();
        await (await popup).waitForURL(contactUrl);
      });
    });
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
