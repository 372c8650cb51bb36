import { useState } from 'react';
import { precheckRequest } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { usePrecheck } from '../api/precheck';

/** "Is this business already registered?" before referring: only available or taken, 20 a day. */
export function PrecheckCard() {
  const check = usePrecheck();
  const [answer, setAnswer] = useState<{ result: 'available' | 'taken'; remaining_today: number } | null>(null);
  const { field, submit, formError, setServerErrors } = useZodForm(precheckRequest, {
    defaultValues: { business_name: '', email: '', phone: '' },
  });
  const onSubmit = submit(
    async (values) => setAnswer(await check.mutateAsync(values)),
    (error) => {
      setAnswer(null);
      return setServerErrors(error, ['business_name', 'email', 'phone']) ? undefined : getServerMessage(error);
    },
  );
  return (
    <Card className="mb-6 p-4 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">Is this business already registered?</h2>
      <p className="mt-1 text-sm text-slate-600">Check before you refer: the answer is only available or taken.</p>
      <form
        noValidate
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
        onSubmit={(event) => void onSubmit(event)}
      >
        <TextField label="Business name" autoComplete="off" {...field('business_name')} />
        <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="off" {...field('phone')} />
        <Button type="submit" variant="secondary" isLoading={check.isPending}>
          Check
        </Button>
      </form>
      <div aria-live="polite" className="mt-3">
        {formError && <Alert tone="error">{formError}</Alert>}
        {answer && (
          <Alert tone={answer.result === 'available' ? 'success' : 'info'}>
            {answer.result === 'available' ? 'Available' : 'Taken: this business is already registered.'} (
            {answer.remaining_today} checks left today)
          </Alert>
        )}
      </div>
    </Card>
  );
}
