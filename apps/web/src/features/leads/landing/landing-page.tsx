import { Suspense, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { referralMessages as m, type ReferralForm as ReferralFormValues, type SavingsEstimateInput } from '@portal/contract';
import { usePublicSettings } from './api/get-public-settings';
import type { LandingData } from './landing-data';
import { campaignOf, countReferralVisit, getReferralPage } from './api/referral-page';
import { FaqAccordion } from './components/faq-accordion';
import { ChatIcon, CheckIcon, ClockIcon, LogoMark, ReceiptIcon, ShieldIcon } from './components/icons';
import { ReferralForm } from './components/referral-form';
import { SavingsEstimator } from './components/savings-estimator';
import { brand } from './content/brand';
import { faqEntries } from './content/faq-entries';
import { loadMetaPixel, newPixelEventId, pixelTracking, trackPixelEvent } from './pixel/meta-pixel';
import { sendReferral } from './send-referral';

const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';

/**
 * For a block that a phone's first screen does not reach: the browser skips its style, layout and
 * paint until it nears the viewport (CSS content-visibility), so the first paint (the page's LCP) and
 * hydration wait for less (issue 12 §1). It is still in the accessibility tree, found by find-in-page
 * and focusable. Until then its content box is held at about the height it renders to at that width
 * (then at what it last rendered to), so the page's length and links to #request do not jump.
 */
const offscreen = '[content-visibility:auto]';

const highlights = [
  { value: '15-30%', label: 'average savings on card processing fees' },
  { value: 'Up to 100%', label: 'of processing fees covered with dual pricing' },
  { value: 'Free', label: 'savings analysis, with no obligation' },
];

const promises = ['No long-term contract', 'Compliant with card brand rules', 'Setup and signage included'];

const steps = [
  {
    icon: ReceiptIcon,
    title: 'Tell us about your business',
    body: 'Two minutes on the form. A specialist follows up to collect a recent processing statement.',
  },
  {
    icon: ClockIcon,
    title: 'Get your free analysis',
    body: 'A side-by-side comparison of what you pay today and what you would pay with us, usually within one to two business days.',
  },
  {
    icon: ShieldIcon,
    title: 'Switch and keep more',
    body: 'We configure your terminal, signage and receipts for compliant dual pricing and train your staff. You keep more of every sale.',
  },
];

/** Px above the viewport's bottom edge and left of its right edge that the floating contact button may occupy. */
const contactButtonZone = { height: 96, width: 224 };

/**
 * The floating "Get in touch" button slides out of view while a form (the estimate or the request)
 * or the FAQ's questions reach the bottom-right corner of the screen where it floats, so it never
 * covers a field, a consent text or a button (issues 12 §1 and 23 §8); elsewhere it stays. Tucked
 * until measured, and with no script.
 *
 * Measured, not observed: the guarded blocks are looked up again at each check, because hydration
 * may replace the server's nodes after this effect ran (an observer would then watch detached nodes
 * and the button came back over the form in some load orders). A check is a few rectangles, run at
 * most once a frame on scroll, resize and any change of the page's size or content.
 */
function useContactTucked(enabled: boolean): boolean {
  const [isTucked, setIsTucked] = useState(true);
  const tucked = useRef(true);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const measure = () => {
      const top = window.innerHeight - contactButtonZone.height;
      const left = window.innerWidth - contactButtonZone.width;
      const covered = [...document.querySelectorAll('[data-contact-guard]')].some((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 && box.bottom > top && box.top < window.innerHeight && box.right > left && box.left < window.innerWidth
        );
      });
      return covered;
    };
    const check = () => {
      frame = 0;
      const covered = measure();
      if (covered === tucked.current) return;
      tucked.current = covered;
      // At once, in the scroll's own frame: the slide starts before the frame that would paint it over a field.
      flushSync(() => setIsTucked(covered));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    tucked.current = measure();
    setIsTucked(tucked.current);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', schedule);
    const resized = new ResizeObserver(schedule);
    resized.observe(document.body);
    const changed = new MutationObserver(schedule);
    changed.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', schedule);
      resized.disconnect();
      changed.disconnect();
    };
  }, [enabled]);
  return isTucked;
}

/**
 * The public landing page of spec §2 for the partner link /referral/{uuid}. `initial` is what the
 * server rendered it with (issue 12 §1); without it the settings are loaded.
 */
export function LandingPage({ uuid, initial, onReady }: { uuid: string | null; initial?: LandingData; onReady?: () => void }) {
  const { companyName, logoUrl, contactUrl, supportPhone, dualPricing } = usePublicSettings(initial?.settings);
  const year = initial?.year ?? new Date().getFullYear();
  const [estimate, setEstimate] = useState<SavingsEstimateInput | null>(null);
  const isContactTucked = useContactTucked(!!contactUrl);
  const requestRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Tests and the bench wait for this: the page is hydrated and the form works.
    onReady?.();
    document.documentElement.dataset.landingReady = 'true';
    // Once, on mount: `onReady` hands back what was typed before hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const thankYouRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!uuid) return;
    countReferralVisit(uuid);
    getReferralPage(uuid)
      .then(({ facebookPixelId }) => facebookPixelId && loadMetaPixel(facebookPixelId))
      .catch((error: unknown) => console.error('Failed to load the referral page settings', error));
  }, [uuid]);

  useEffect(() => {
    if (isSubmitted) thankYouRef.current?.focus();
  }, [isSubmitted]);

  async function handleSubmit(form: ReferralFormValues, honeypot: string) {
    // One id for the browser pixel's Lead and the server's (Conversions API), so Meta counts one.
    const eventId = newPixelEventId();
    const isAccepted = await sendReferral({
      form,
      uuid,
      supportPhone,
      honeypot,
      estimate,
      tracking: pixelTracking(eventId),
      campaign: campaignOf(),
    });
    if (isAccepted) {
      trackPixelEvent('Lead', eventId);
      setIsSubmitted(true);
    }
    return isAccepted;
  }

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#request"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-800 focus:shadow-lg focus:outline-2 focus:outline-brand-700"
      >
        Skip to the request form
      </a>
      <header className="border-b border-slate-200 bg-white/95">
        <div className={`${container} flex h-16 items-center justify-between`}>
          <span className="flex min-w-0 items-center gap-2.5">
            {logoUrl ? (
              <img src={logoUrl} alt={companyName} className="h-9 w-auto max-w-48 object-contain" />
            ) : (
              <>
                <LogoMark className="size-8 shrink-0 text-brand-700" />
                <span className="truncate text-lg font-bold tracking-tight text-slate-900">{companyName}</span>
              </>
            )}
          </span>
          <a
            href="#request"
            className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <span className="sm:hidden">Free analysis</span>
            <span className="hidden sm:inline">Free savings analysis</span>
          </a>
        </div>
      </header>

      <main className="flex-1">
        <section className="relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -right-32 -top-32 size-96 rounded-full bg-white/10 blur-3xl"
          />
          <div
            className={`${container} relative grid grid-cols-1 gap-10 py-12 sm:py-16 lg:grid-cols-[1.05fr_1fr] lg:items-start lg:gap-14 lg:py-20`}
          >
            <div className="lg:pt-6">
              <p className="inline-flex items-center rounded-full bg-white/15 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand-50 ring-1 ring-white/25">
                {brand.program}
              </p>
              <h1 className="mt-5 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">Stop paying to get paid.</h1>
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-50">
                Merchants on our dual pricing program save <strong className="text-white">15-30% on processing fees</strong> on
                average, and <strong className="text-white">up to 100%</strong>. Request a free, no-obligation analysis and see
                exactly what you would keep.
              </p>
              <a
                href="#request"
                className="mt-6 inline-flex items-center justify-center rounded-lg bg-white px-5 py-3 text-base font-semibold text-brand-800 shadow-lg transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white lg:hidden"
              >
                Get my free analysis
              </a>
              <ul className="mt-7 space-y-2.5">
                {promises.map((promise) => (
                  <li key={promise} className="flex items-center gap-2.5 text-base text-white">
                    <span className="flex size-6 items-center justify-center rounded-full bg-white/15">
                      <CheckIcon className="size-4" />
                    </span>
                    {promise}
                  </li>
                ))}
              </ul>
              <dl className="mt-10 grid grid-cols-3 gap-3 sm:gap-4">
                {highlights.map((item) => (
                  <div key={item.value} className="rounded-xl bg-white/10 p-3 ring-1 ring-white/15 sm:p-4">
                    <dt className="sr-only">{item.label}</dt>
                    <dd className="text-lg font-extrabold leading-tight sm:text-2xl">{item.value}</dd>
                    <dd className="mt-1 text-xs leading-snug text-brand-100 sm:text-sm">{item.label}</dd>
                  </div>
                ))}
              </dl>
              <div className="mt-10" data-contact-guard>
                {/*
                  Hydrated after the hero and the request form, as the sections below are: its fields are
                  uncontrolled, so what is typed into them meanwhile stays and is read when it is sent.
                */}
                <Suspense fallback={null}>
                  <SavingsEstimator
                    terms={dualPricing}
                    onEstimate={setEstimate}
                    onContinue={() => requestRef.current?.querySelector<HTMLElement>('input, h2[tabindex]')?.focus()}
                  />
                </Suspense>
              </div>
            </div>

            <div
              id="request"
              ref={requestRef}
              data-contact-guard
              className={`${offscreen} [contain-intrinsic-size:auto_890px] sm:[contain-intrinsic-size:auto_665px] lg:[contain-intrinsic-size:auto_720px] scroll-mt-6 rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 ring-slate-900/5 sm:p-8`}
            >
              {isSubmitted ? (
                <div className="py-8 text-center" role="status">
                  <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
                    <CheckIcon className="size-7" />
                  </span>
                  <h2 ref={thankYouRef} tabIndex={-1} className="mt-5 text-2xl font-bold tracking-tight focus:outline-none">
                    {m.thankYouTitle}
                  </h2>
                  <p className="mx-auto mt-3 max-w-sm text-base leading-relaxed text-slate-600">{m.thankYouBody}</p>
                </div>
              ) : (
                <>
                  <h2 className="text-xl font-bold tracking-tight sm:text-2xl">Get your free savings analysis</h2>
                  <p className="mt-1.5 mb-6 text-sm text-slate-600">
                    Tell us about your business and a specialist will be in touch within one business day.
                  </p>
                  <ReferralForm supportPhone={supportPhone} submitLabel="Get My Free Analysis" onSubmit={handleSubmit} />
                </>
              )}
            </div>
          </div>
        </section>

        {/*
          Below the first screen and static but for the FAQ's buttons: in a Suspense boundary (the
          footer in another), so React hydrates them after the hero and the form (at idle priority, or
          at once when one is clicked) and the form is usable sooner (issue 12 §1). The server's
          markup shows meanwhile.
        */}
        <Suspense fallback={null}>
          <section
            aria-labelledby="how-it-works"
            className={`${offscreen} py-14 [contain-intrinsic-size:auto_730px] sm:py-20 md:[contain-intrinsic-size:auto_425px] lg:[contain-intrinsic-size:auto_350px]`}
          >
            <div className={container}>
              <h2 id="how-it-works" className="text-center text-3xl font-bold tracking-tight text-slate-900">
                How it works
              </h2>
              <p className="mx-auto mt-3 max-w-2xl text-center text-base text-slate-600">
                Dual pricing shows a cash price and a card price, so the cost of card acceptance is no longer taken out of your
                margin. We handle the setup and keep it compliant.
              </p>
              <ol className="mt-10 grid gap-5 md:grid-cols-3">
                {steps.map((step, index) => (
                  <li
                    key={step.title}
                    className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:block md:p-6"
                  >
                    <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                      <step.icon className="size-6" />
                    </span>
                    <div>
                      <h3 className="text-lg font-semibold text-slate-900 md:mt-4">
                        <span className="text-brand-700">{index + 1}.</span> {step.title}
                      </h3>
                      <p className="mt-1.5 text-sm leading-relaxed text-slate-600 md:mt-2">{step.body}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
          </section>

          <section
            aria-labelledby="faq"
            className={`${offscreen} border-t border-slate-200 bg-white py-14 [contain-intrinsic-size:auto_695px] sm:py-20 sm:[contain-intrinsic-size:auto_560px]`}
          >
            <div className="mx-auto w-full max-w-3xl px-4 sm:px-6">
              <h2 id="faq" className="text-center text-3xl font-bold tracking-tight text-slate-900">
                Frequently asked questions
              </h2>
              <p className="mt-3 mb-10 text-center text-base text-slate-600">
                Straight answers about dual pricing, compliance and your free analysis.
              </p>
              <div data-contact-guard>
                <FaqAccordion entries={faqEntries} />
              </div>
            </div>
          </section>
        </Suspense>
      </main>

      {/* Hydrated after the first screen, like the sections above. */}
      <Suspense fallback={null}>
        <footer
          className={`${offscreen} border-t border-slate-800 bg-slate-900 pb-24 pt-10 text-slate-400 [contain-intrinsic-size:auto_150px] sm:pb-12 sm:[contain-intrinsic-size:auto_100px]`}
        >
          <div className={`${container} flex flex-col gap-6 sm:flex-row sm:items-start sm:justify-between`}>
            <div className="max-w-md">
              <span className="flex items-center gap-2.5 text-white">
                <LogoMark className="size-7 text-brand-600" />
                <span className="font-semibold">{companyName}</span>
              </span>
              <p className="mt-3 text-xs leading-relaxed">
                Savings figures are averages across merchants on the program; your results depend on your card mix, volume and
                current pricing. Card brand names are trademarks of their respective owners.
              </p>
            </div>
            <div className="text-sm sm:text-right">
              {supportPhone && (
                <p>
                  Questions? Call <span className="whitespace-nowrap text-slate-200">{supportPhone}</span>
                </p>
              )}
              {contactUrl && (
                <p className="mt-2">
                  <a
                    href={contactUrl}
                    target="_blank"
                    rel="noopener"
                    className="rounded text-slate-200 underline underline-offset-2 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                  >
                    Contact us
                  </a>
                </p>
              )}
              <p className="mt-2 text-xs">
                © {year} {companyName}. All rights reserved.
              </p>
            </div>
          </div>
        </footer>
      </Suspense>

      {contactUrl && (
        <a
          href={contactUrl}
          target="_blank"
          rel="noopener"
          data-testid="floating-contact"
          className={`fixed bottom-4 right-4 z-40 ${isContactTucked ? 'translate-y-[calc(100%+2rem)] focus-visible:translate-y-0' : ''} inline-flex items-center gap-2 rounded-full bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-lg shadow-brand-900/30 ring-1 ring-white/20 transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:bottom-6 sm:right-6 sm:px-5 sm:py-3`}
        >
          <ChatIcon className="size-5" />
          {m.getInTouch}
        </a>
      )}
    </div>
  );
}
