// Issue 12 §1-2: the landing page arrives rendered (text and form without JavaScript), a phone gets
// a button to the form, the floating contact button covers nothing, every control shows its focus,
// axe finds nothing serious, and an estimate made before sending reaches the admin's lead sheet.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { messages, settingKeys } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, loginApi, registerPartner, test, uniqueEmail } from './support/fixtures';

const m = messages.referral;

async function setSettings(api: Parameters<typeof loginApi>[0], values: [string, string][]) {
  const headers = { Authorization: `Bearer ${await loginApi(api, ADMIN.email, ADMIN.password)}` };
  for (const [key, value] of values) {
    const created = await api.post('/api/v1/admin/settings', { headers, data: { key, value } });
    expect(created.status(), await created.text()).toBe(201);
  }
}

const ready = (page: Page) => expect(page.locator('html[data-landing-ready]')).toBeAttached();

/** Opens `path` with every script held back, so the server-rendered page is all there is; call the result to let them load. */
async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

test.describe('the landing page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows its text, the brand and the whole form before any script runs', async ({
    page,
    request: api,
    freshSettings: _,
  }) => {
    await setSettings(api, [[settingKeys.companyName, 'Acme Payments']]);
    const partner = await registerPartner(api);
    await page.goto(`/referral/${partner.user.uuid}`);
    await expect(page.getByRole('heading', { name: 'Stop paying to get paid.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get your free savings analysis' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What would I save?' })).toBeVisible();
    for (const label of ['Business Name', 'Full Name', 'Email', 'Industry', 'Phone Number', 'Additional Notes']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Get My Free Analysis' })).toBeVisible();
    await expect(page.getByText('Acme Payments').first()).toBeVisible();
    await expect(page).toHaveTitle('Save on card processing fees | Acme Payments');
    // Styled by the inline critical CSS: the hero's heading is white on the brand's blue.
    await expect(page.getByRole('heading', { name: 'Stop paying to get paid.' })).toHaveCSS('color', 'rgb(255, 255, 255)');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('"Get my free analysis" in the hero takes the merchant to the form', async ({ page, request: api }) => {
    const partner = await registerPartner(api);
    await page.goto(`/referral/${partner.user.uuid}`);
    await ready(page);
    const cta = page.getByRole('link', { name: 'Get my free analysis' });
    await expect(cta).toBeInViewport();
    await cta.click();
    await expect(page.getByRole('heading', { name: 'Get your free savings analysis' })).toBeInViewport();
  });

  test('estimate, then submit: the admin sees the estimate on the lead', async ({ page, request: api }) => {
    const partner = await registerPartner(api);
    await page.goto(`/referral/${partner.user.uuid}`);
    await ready(page);
    const estimator = page.getByRole('region', { name: 'What would I save?' });
    await estimator.getByLabel('Monthly card sales ($)').fill('30,000');
    await estimator.getByText("I don't know").click();
    await estimator.getByLabel('Average ticket ($)').fill('40');
    await estimator.getByRole('button', { name: 'Estimate my savings' }).click();
    const result = estimator.getByTestId('estimate-result');
    await expect(result).toContainText('$750–$1,050 / month · $9,000–$12,600 / year');
    await expect(result).toContainText('typical effective rate of 2.5–3.5%');
    await expect(result).toContainText('On a $40 sale, a customer paying by card pays $1.60 more (3.99%)');
    await expect(result).toContainText('some states');

    await estimator.getByRole('button', { name: 'Get my exact analysis' }).click();
    const form = page.locator('form').filter({ has: page.getByLabel('Business Name', { exact: true }) });
    await expect(form.getByLabel('Business Name', { exact: true })).toBeFocused();
    const email = uniqueEmail('estimate');
    await form.getByLabel('Business Name', { exact: true }).fill('Corner Bakery');
    await form.getByLabel('Full Name', { exact: true }).fill('Ana Lopez');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Industry', { exact: true }).selectOption('Restaurant');
    await form.getByLabel('Phone Number', { exact: true }).fill('4155550123');
    await form.getByLabel('Additional Notes', { exact: true }).fill('Open seven days.');
    await form.getByRole('checkbox', { name: /text messages/ }).check();
    await form.getByRole('checkbox', { name: /marketing/ }).check();
    const sent = page.waitForResponse('**/api/v1/leads/referral/by-uuid');
    await form.getByRole('button', { name: 'Get My Free Analysis' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByRole('heading', { name: m.thankYouTitle })).toBeVisible();

    const id: string = (await (await sent).json()).leadData.data[0].details.id;
    const headers = { Authorization: `Bearer ${await loginApi(api, ADMIN.email, ADMIN.password)}` };
    const detail = await (await api.get(`/api/v1/admin/leads/${id}`, { headers })).json();
    expect(detail.data.estimate.input).toEqual({ monthlySales: 30_000, basis: 'unknown', averageTicket: 40 });
    expect(detail.data.estimate.lines).toContain('Saving: $750–$1,050 / month, $9,000–$12,600 / year.');
  });

  test('the full stylesheet waits for the page to come alive: the first paint parses only the inline CSS', async ({
    page,
    request: api,
  }) => {
    const partner = await registerPartner(api);
    const release = await openWithScriptsHeld(page, `/referral/${partner.user.uuid}`);
    await expect(page.getByRole('heading', { name: 'Stop paying to get paid.' })).toBeVisible();
    const applied = () =>
      page.evaluate(() => [...document.styleSheets].map((sheet) => (sheet.href ? new URL(sheet.href).pathname : 'inline')));
    expect(await applied()).toEqual(['inline']);
    release();
    await ready(page);
    await expect.poll(applied).toEqual(['inline', expect.stringMatching(/^\/assets\/index-[\w-]+\.css$/)]);
  });

  test('what was typed before the page came alive is kept and sent', async ({ page, request: api }) => {
    const partner = await registerPartner(api);
    // Hold the page's script, type into the server-rendered form, then let it hydrate.
    const release = await openWithScriptsHeld(page, `/referral/${partner.user.uuid}`);
    const business = page.getByLabel('Business Name', { exact: true });
    await business.fill('Typed Early LLC');
    release();
    await ready(page);
    await expect(business).toHaveValue('Typed Early LLC');
    await page.getByRole('button', { name: 'Get My Free Analysis' }).click();
    // The form's state has the early value: no "required" message for it, only for the others.
    await expect(page.getByText(m.fullNameRequired)).toBeVisible();
    await expect(page.getByText(m.businessNameRequired)).toHaveCount(0);
  });

  test('a figure typed into the estimate before the page came alive is kept and used', async ({ page, request: api }) => {
    const partner = await registerPartner(api);
    // The estimate hydrates after the form (its own Suspense boundary): type into it before any script runs.
    const release = await openWithScriptsHeld(page, `/referral/${partner.user.uuid}`);
    const estimator = page.getByRole('region', { name: 'What would I save?' });
    await estimator.getByLabel('Monthly card sales ($)').fill('30,000');
    release();
    await ready(page);
    await estimator.getByText("I don't know").click();
    await estimator.getByLabel('Average ticket ($)').fill('40');
    await estimator.getByRole('button', { name: 'Estimate my savings' }).click();
    await expect(estimator.getByLabel('Monthly card sales ($)')).toHaveValue('30,000');
    await expect(estimator.getByTestId('estimate-result')).toContainText('$750–$1,050 / month · $9,000–$12,600 / year');
  });
});

/**
 * Scrolls to every control a merchant fills in or presses, and every text they must read, as a reader
 * would (centred when not in view), lets the floating contact button finish moving, and answers what it
 * covers. Run inside the page: a round trip per control costs more than the check.
 */
async function coveredByFloatingButton(page: Page): Promise<{ checked: number; covered: string[] }> {
  const request = await page.locator('#request').elementHandle();
  const estimator = await page.getByRole('region', { name: 'What would I save?' }).elementHandle();
  return page.evaluate(
    async ([request, estimator]) => {
      const floating = document.querySelector<HTMLElement>('[data-testid="floating-contact"]')!;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const controls = [
        ...Array.from(request.querySelectorAll<HTMLElement>('input:not([name="website"]), select, textarea, button, label')),
        ...Array.from(estimator.querySelectorAll<HTMLElement>('input, button, label')),
        // The FAQ's questions span a phone's width, under the button's corner.
        ...Array.from(document.querySelectorAll<HTMLElement>('section[aria-labelledby="faq"] button')),
      ];
      const covered: string[] = [];
      let checked = 0;
      for (const control of controls) {
        const rect = control.getBoundingClientRect();
        if (!control.checkVisibility() || rect.width === 0 || rect.height === 0) continue;
        if (rect.top < 0 || rect.bottom > innerHeight || rect.left < 0 || rect.right > innerWidth) {
          control.scrollIntoView({ block: 'center', inline: 'center' });
        }
        // The scroll event re-renders the button, which then slides: wait for both.
        await frame();
        await frame();
        await Promise.all(floating.getAnimations().map((a) => a.finished));
        const button = floating.getBoundingClientRect();
        const box = control.getBoundingClientRect();
        const shown = floating.checkVisibility() && button.width > 0 && button.top < innerHeight && button.bottom > 0;
        const overlaps = button.left < box.right && box.left < button.right && button.top < box.bottom && box.top < button.bottom;
        if (shown && overlaps) covered.push(control.outerHTML.slice(0, 80));
        checked++;
      }
      return { checked, covered };
    },
    [request, estimator] as const,
  );
}

for (const size of [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
]) {
  test(`the floating contact button covers no field, consent text or button at ${size.width}×${size.height}`, async ({
    page,
    request: api,
    freshSettings: _,
  }) => {
    await setSettings(api, [[settingKeys.contactUs, 'https://contact.example.org/hello']]);
    const partner = await registerPartner(api);
    await page.setViewportSize(size);
    await page.goto(`/referral/${partner.user.uuid}`);
    await ready(page);
    const { checked, covered } = await coveredByFloatingButton(page);
    expect(covered).toEqual([]);
    expect(checked).toBeGreaterThan(15);
    const floating = page.getByTestId('floating-contact');
    // Away from the forms it is there to be used.
    await page.getByText(/All rights reserved/).scrollIntoViewIfNeeded();
    await expect(floating).toBeInViewport();
  });
}

test('every control shows a visible focus ring from the keyboard, and axe finds nothing serious', async ({
  page,
  request: api,
}) => {
  const partner = await registerPartner(api);
  await page.goto(`/referral/${partner.user.uuid}`);
  await ready(page);
  const form = page.locator('#request');
  const controls = [
    ...(await form.locator('input:not([name="website"]), select, textarea, button').all()),
    ...(await page.getByRole('region', { name: 'What would I save?' }).locator('input[type="text"], button').all()),
  ];
  expect(controls.length).toBeGreaterThan(10);
  for (const control of controls) {
    // Focus moved by script counts as keyboard focus for :focus-visible on text fields; buttons,
    // checkboxes and radios are reached with Tab from the control before them.
    const typed = await control.evaluate(
      (e) =>
        e instanceof HTMLTextAreaElement ||
        e instanceof HTMLSelectElement ||
        (e instanceof HTMLInputElement && ['text', 'email', 'tel', 'number', 'url'].includes(e.type)),
    );
    if (typed) {
      await control.focus();
    } else {
      await control.evaluate((e) => {
        const all = Array.from(document.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]'));
        all[all.indexOf(e as HTMLElement) - 1]?.focus();
      });
      await page.keyboard.press('Tab');
    }
    await expect(control).toBeFocused();
    const ring = await control.evaluate((e) => {
      const style = getComputedStyle(e);
      const target = e instanceof HTMLInputElement && e.type === 'radio' ? getComputedStyle(e.parentElement!) : style;
      return {
        outline: target.outlineStyle !== 'none' && parseFloat(target.outlineWidth) > 0,
        shadow: target.boxShadow !== 'none',
      };
    });
    expect(ring.outline || ring.shadow, await control.evaluate((e) => e.outerHTML.slice(0, 100))).toBe(true);
  }

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
