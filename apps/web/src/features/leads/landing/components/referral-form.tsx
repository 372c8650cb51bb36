import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import {
  countries,
  limits,
  referralConsentTexts,
  referralMessages as m,
  type ReferralForm as ReferralFormValues,
} from '@portal/contract';
import { industries } from '../content/industries';
import { referralFormResolver } from './referral-form-resolver';
import { SpinnerIcon } from './icons';

const emptyForm: ReferralFormValues = {
  businessName: '',
  fullName: '',
  email: '',
  businessType: '',
  countryCode: limits.defaultCountryCode,
  phoneNumber: '',
  description: '',
  smsConsent: false,
  marketingConsent: false,
};

/**
 * No defaults for the typed fields and checkboxes: the form reads them from the page when it starts,
 * so what a merchant typed into the server-rendered page before it hydrated stays (issue 12 §1).
 */
const initialValues: Partial<ReferralFormValues> = { countryCode: limits.defaultCountryCode };

/** US and Canada share +1, so the select's value is the country code, mapped to its dial code. */
const defaultCountry = countries.find((c) => c.dial_code === limits.defaultCountryCode)?.code ?? '';

export interface ReferralFormProps {
  /** Shown in the SMS consent text for HELP. */
  supportPhone: string | null;
  submitLabel: string;
  /** Sends the referral; resolves true when it was accepted. */
  onSubmit: (values: ReferralFormValues, honeypot: string) => Promise<boolean>;
  /** Clear the form after an accepted referral, ready for the next one. */
  resetOnSuccess?: boolean;
  /** Shown above the consent checkboxes (e.g. who gives the consent). */
  consentNote?: ReactNode;
}

const controlClass = (hasError: boolean, width = 'w-full') =>
  [
    // scroll-mt: a field focused on error stays clear of a sticky app header.
    'block scroll-mt-28 rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm transition sm:text-sm',
    width,
    'placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
    hasError
      ? 'border-red-400 focus:border-red-500 focus:ring-red-500/30'
      : 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/25',
  ].join(' ');

function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-600">
      {error.message}
    </p>
  );
}

/**
 * A phone typed or pasted as "(415) 555-01.23" keeps only its digits as it is typed: spaces, dashes,
 * dots and brackets go, the caret stays where it was. Anything else (a letter) stays, so the spec's
 * "digits only" message still tells the merchant what is wrong.
 */
function keepDigits(input: HTMLInputElement) {
  const value = input.value;
  const cleaned = value.replace(/[\s().-]/g, '');
  if (cleaned === value) return;
  const caret = input.selectionStart ?? value.length;
  const before = value.slice(0, caret).replace(/[\s().-]/g, '').length;
  input.value = cleaned;
  input.setSelectionRange(before, before);
}

function digitsOnly<T extends { onChange: (event: { target: unknown; type?: unknown }) => unknown }>(field: T): T {
  return {
    ...field,
    onChange: (event: { target: unknown; type?: unknown }) => {
      if (event.target instanceof HTMLInputElement) keepDigits(event.target);
      return field.onChange(event);
    },
  };
}

/** The request form of spec §3 with the rules of §5; shared by the landing page and /submit. */
export function ReferralForm({ supportPhone, submitLabel, onSubmit, resetOnSuccess, consentNote }: ReferralFormProps) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const [country, setCountry] = useState(defaultCountry);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ReferralFormValues>({ resolver: referralFormResolver, defaultValues: initialValues });

  const a11y = (name: keyof ReferralFormValues) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
  });

  const submit = handleSubmit(async (values, event) => {
    const form = event?.target instanceof HTMLFormElement ? event.target : null;
    const honeypot = form?.elements.namedItem('website');
    const isAccepted = await onSubmit(values, honeypot instanceof HTMLInputElement ? honeypot.value : '');
    if (isAccepted && resetOnSuccess) {
      if (honeypot instanceof HTMLInputElement) honeypot.value = '';
      reset(emptyForm);
      setCountry(defaultCountry);
      setFocus('businessName');
    }
  });

  const consent = referralConsentTexts(supportPhone);
  const labelClass = 'mb-1.5 block text-sm font-medium text-slate-700';
  /** A text field's control: its style (red with an error), the aria ties to its message, the registration. */
  const textControl = (name: 'businessName' | 'fullName' | 'businessType' | 'email') => ({
    className: controlClass(!!errors[name]),
    ...a11y(name),
    ...register(name),
  });
  /** A field: its label, the control, and its error message under it. */
  const labelled = (name: keyof ReferralFormValues, label: string, field: ReactNode, className?: string) => (
    <div className={className}>
      <label htmlFor={fieldId(name)} className={labelClass}>
        {label}
      </label>
      {field}
      <FieldMessage id={errorId(name)} error={errors[name]} />
    </div>
  );
  /** A consent checkbox with its text as the label, and its error message. */
  const consentBox = (name: 'smsConsent' | 'marketingConsent', text: ReactNode) => (
    <div>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="size-6 shrink-0 scroll-mt-28 rounded border-slate-300 accent-brand-700"
          {...a11y(name)}
          {...register(name)}
        />
        <label htmlFor={fieldId(name)} className="text-xs leading-relaxed text-slate-600">
          {text}
        </label>
      </div>
      <FieldMessage id={errorId(name)} error={errors[name]} />
    </div>
  );

  return (
    // method="post": sent before the script runs, the fields never end up in a URL.
    <form noValidate method="post" onSubmit={submit} className="relative">
      <fieldset disabled={isSubmitting} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        {labelled(
          'businessName',
          'Business Name',
          <input type="text" autoComplete="organization" {...textControl('businessName')} />,
          'sm:col-span-2',
        )}
        {labelled('fullName', 'Full Name', <input type="text" autoComplete="name" {...textControl('fullName')} />)}
        {labelled(
          'businessType',
          'Industry',
          <select {...textControl('businessType')}>
            <option value="">Select your industry</option>
            {industries.map((industry) => (
              <option key={industry} value={industry}>
                {industry}
              </option>
            ))}
          </select>,
        )}
        {/* The whole row, so a long address shows whole. */}
        {labelled(
          'email',
          'Email',
          <input type="email" autoComplete="email" inputMode="email" {...textControl('email')} />,
          'sm:col-span-2',
        )}

        <div className="sm:col-span-2">
          <label htmlFor={fieldId('phoneNumber')} className={labelClass}>
            Phone Number
          </label>
          <div className="flex gap-2">
            <Controller
              name="countryCode"
              control={control}
              render={({ field }) => (
                <select
                  ref={field.ref}
                  name={field.name}
                  onBlur={field.onBlur}
                  aria-label="Country code"
                  value={
                    countries.some((c) => c.code === country && c.dial_code === field.value)
                      ? country
                      : (countries.find((c) => c.dial_code === field.value)?.code ?? '')
                  }
                  onChange={(event) => {
                    setCountry(event.target.value);
                    field.onChange(countries.find((c) => c.code === event.target.value)?.dial_code ?? '');
                  }}
                  className={controlClass(!!errors.countryCode, 'w-32 shrink-0')}
                  {...a11y('countryCode')}
                >
                  {countries.map((c) => (
                    <option key={c.code} value={c.code} title={c.name}>
                      {/* No flag emoji: systems without flag glyphs (Windows) showed empty boxes. */}
                      {`${c.code} ${c.dial_code}`}
                    </option>
                  ))}
                </select>
              )}
            />
            {/* The number without its country code: `tel-national`, an autofill field of text inputs (HTML's
                autofill table); the numeric keypad comes from inputMode. */}
            <input
              type="text"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="4155550123"
              className={controlClass(!!errors.phoneNumber, 'min-w-0 flex-1')}
              {...a11y('phoneNumber')}
              // Registered here, in the form's order: the first field with an error is the one focused.
              {...digitsOnly(register('phoneNumber'))}
            />
          </div>
          <FieldMessage id={errorId('countryCode')} error={errors.countryCode} />
          <FieldMessage id={errorId('phoneNumber')} error={errors.phoneNumber} />
        </div>

        {labelled(
          'description',
          'Additional Notes',
          <textarea
            rows={3}
            placeholder="Monthly card volume, current processor, best time to reach you…"
            className={`${controlClass(!!errors.description)} resize-y`}
            {...a11y('description')}
            {...register('description')}
          />,
          'sm:col-span-2',
        )}

        <div className="space-y-3 sm:col-span-2">
          {consentNote && <p className="text-sm font-medium text-slate-700">{consentNote}</p>}
          {consentBox('smsConsent', consent.sms)}
          {consentBox('marketingConsent', consent.marketing)}
        </div>

        {/* Honeypot: people never see or fill it; form-filling bots do. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
          <label htmlFor={fieldId('website')}>Website</label>
          <input
            id={fieldId('website')}
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            defaultValue=""
          />
        </div>

        <button
          type="submit"
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70 sm:col-span-2"
        >
          {isSubmitting && <SpinnerIcon className="size-5 animate-spin" />}
          {isSubmitting ? m.submitting : submitLabel}
        </button>
      </fieldset>
    </form>
  );
}
