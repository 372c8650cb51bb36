import type { APIRequestContext, Page } from '@playwright/test';
import { messages, settingKeys } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, loginApi, registerPartner, test } from './support/fixtures';

// Issue 23 §8: the landing page's last details.

const m = messages.referral;
const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

const ready = (page: Page) => expect(page.locator('html[data-landing-ready]')).toBeAttached();

async function setContactUrl(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
  const created = await request.post('/api/v1/admin/settings', {
    headers,
    data: { key: settingKeys.contactUs, value: 'https://contact.example.org/hello' },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/**
 * What the floating button covers now: every field, label, consent text and button of the page it
 * overlaps (none when it is tucked below the screen). Read after its slide has settled.
 */
async function coveredByContactButton(page: Page): Promise<string[]> {
  return page.evaluate(async (label) => {
    const button = [...document.querySelectorAll('a')].find(
      (a) => a.textContent?.includes(label) && getComputedStyle(a).position === 'fixed',
    );
    if (!button) return ['no floating button'];
    // The scroll's observer fires, React renders, the slide starts: a few frames, then the slide's own end.
    for (let frame = 0; frame < 4; frame += 1) await new Promise((done) => requestAnimationFrame(done));
    await Promise.all(button.getAnimations().map((animation) => animation.finished));
    const b = button.getBoundingClientRect();
    if (b.top >= window.innerHeight) return [];
    const targets = document.querySelectorAll(
      'main input, main select, main textarea, main button, main label, main summary, main [role="button"]',
    );
    return [...targets]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || el.id}`,
      );
  }, m.getInTouch);
}

test.describe('landing page details', () => {
  test('the Get in touch button never covers a field, a consent text or a button, at 390, 768 and 1280 px, scrolled anywhere, before or after the script', async ({
    page,
    request,
    freshSettings: _,
  }) => {
    test.slow();
    await setContactUrl(request);
    const partner = await registerPartner(request);
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: width < 1000 ? 844 : 800 });
      // Scrolled to the form before the script has hydrated the page (one of the load orders the review met).
      await page.goto(`/referral/${partner.user.uuid}`, { waitUntil: 'commit' });
      await page.getByLabel('Business Name', { exact: true }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -window.innerHeight + 160));
      await ready(page);
      expect(await coveredByContactButton(page), `${width} px, business name near the bottom`).toEqual([]);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 250) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        expect(await coveredByContactButton(page), `${width} px, scrolled to ${y}`).toEqual([]);
      }
      // It does show where nothing is under it.
      await page.getByText(/All rights reserved/).scrollIntoViewIfNeeded();
      await expect(page.getByRole('link', { name: m.getInTouch })).toBeInViewport();
    }
  });

  for (const viewport of viewports) {
    test(`form details and a cut link (${viewport.name})`, async ({ page, request }) => {
      await page.setViewportSize(viewport.size);
      const partner = await registerPartner(request);

      // A cut link answers 404 with a page that helps.
      const cut = await page.goto('/referral/not-a-uuid');
      expect(cut?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'This referral link is incomplete', level: 1 })).toBeVisible();

      await page.goto(`/referral/${partner.user.uuid}`);
      await ready(page);
      const form = page.locator('form').filter({ has: page.getByLabel('Business Name', { exact: true }) });

      // A skip link first, then the header's link, both to the form, on a phone too.
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to the request form' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#request$/);
      await expect(page.locator('header').getByRole('link', { name: /Free (savings )?analysis/ })).toBeVisible();

      // The phone keeps its digits as it is typed or pasted; a letter still gets the spec's message.
      const phone = form.getByLabel('Phone Number', { exact: true });
      await phone.pressSequentially('(415) 555-01.23');
      await expect(phone).toHaveValue('4155550123');
      await phone.fill('415 555 0199');
      await expect(phone).toHaveValue('4155550199');
      await phone.fill('415-55a-0199');
      await expect(phone).toHaveValue('41555a0199');
      await form.getByRole('button', { name: 'Get My Free Analysis' }).click();
      await expect(form.getByText(m.phoneDigitsOnly, { exact: true })).toBeVisible();

      // The whole email address shows.
      const email = form.getByLabel('Email', { exact: true });
      await email.fill('rosa.delgado@taqueria-centro.com');
      expect(await email.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);

      // No flag emoji (regional indicators) to show as empty boxes.
      const options = await form.getByLabel('Country code', { exact: true }).locator('option').allTextContents();
      expect(options.length).toBeGreaterThan(10);
      expect(options.filter((text) => /[\u{1F1E6}-\u{1F1FF}]/u.test(text))).toEqual([]);

      // Consent checkboxes are 24 × 24 px targets, and so are their labels.
      for (const name of [/text messages/, /marketing/]) {
        const box = await form.getByRole('checkbox', { name }).boundingBox();
        expect(box!.width).toBeGreaterThanOrEqual(24);
        expect(box!.height).toBeGreaterThanOrEqual(24);
      }
      for (const label of await form.locator('input[type=checkbox] + label').all()) {
        const box = await label.boundingBox();
        if (box) expect(box.height).toBeGreaterThanOrEqual(24);
      }

      // The submit button shows a focus ring when reached from the keyboard.
      await form.getByRole('checkbox', { name: /marketing/ }).focus();
      await page.keyboard.press('Tab');
      const submit = form.getByRole('button', { name: 'Get My Free Analysis' });
      await expect(submit).toBeFocused();
      const ring = await submit.evaluate((el) => {
        const style = getComputedStyle(el);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
    });
  }
});
