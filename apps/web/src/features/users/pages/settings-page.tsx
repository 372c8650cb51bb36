import { useEffect, useState, type ReactNode } from 'react';
import { limits, messages, updatePixelRequest } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardFooter } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { usePixelId } from '../api/get-pixel-id';
import { NotificationSettingsCard } from '../components/notification-settings-card';
import { ConversionsApiCard } from '../components/conversions-api-card';
import { AccountSecurity } from '../components/account-security';
import { useUpdatePixelId } from '../api/update-pixel-id';

/** `tabs`: the settings sections app/ composes from other features (Payouts), shown under the header. */
export function SettingsPage({ tabs }: { tabs?: ReactNode } = {}) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Manage how your referral page works for you, which emails you receive, and your account."
      />
      {tabs}
      <div className="space-y-6">
        <PixelSettingsCard />
        <ConversionsApiCard />
        <NotificationSettingsCard />
        <AccountSecurity />
      </div>
    </>
  );
}

function PixelSettingsCard() {
  const pixel = usePixelId();
  const updatePixel = useUpdatePixelId();
  const [isSaved, setIsSaved] = useState(false);
  const { field, submit, formError, reset, isSubmitting } = useZodForm(updatePixelRequest, {
    defaultValues: { facebook_pixel_id: '' },
  });

  useEffect(() => {
    if (pixel.data !== undefined) reset({ facebook_pixel_id: pixel.data });
  }, [pixel.data, reset]);

  // spec §4: the success banner disappears after 3 seconds.
  useEffect(() => {
    if (!isSaved) return;
    const timer = window.setTimeout(() => setIsSaved(false), limits.pixelBannerMs);
    return () => window.clearTimeout(timer);
  }, [isSaved]);

  const onSubmit = submit(
    async (values) => {
      setIsSaved(false);
      await updatePixel.mutateAsync(values);
      setIsSaved(true);
    },
    (error) => getServerMessage(error) ?? messages.pixel.failed,
  );

  const isLoading = pixel.isPending;

  return (
    <Card className="max-w-2xl">
      <form onSubmit={onSubmit} noValidate>
        <div className="space-y-5 p-5 sm:p-6">
          <div>
            <h2 className="text-base font-semibold text-slate-900">Facebook Pixel</h2>
            <p className="mt-1 text-sm text-slate-600">
              Your pixel is loaded on your public referral page, so visits from your ads show up in Facebook Events Manager.
            </p>
          </div>
          {isSaved && <Alert tone="success">{messages.pixel.updated}</Alert>}
          {formError && <Alert tone="error">{formError}</Alert>}
          <TextField
            label="Facebook Pixel ID"
            inputMode="numeric"
            autoComplete="off"
            placeholder={isLoading ? 'Loading…' : 'e.g. 123456789012345'}
            disabled={isLoading}
            hint="Numbers only. Leave empty to remove your pixel."
            className="max-w-sm"
            {...field('facebook_pixel_id')}
          />
        </div>
        <CardFooter>
          {isLoading && <Spinner className="size-4 text-slate-400" label="Loading your Pixel ID" />}
          <Button type="submit" isLoading={isSubmitting} disabled={isLoading}>
            {isSubmitting ? 'Saving…' : 'Save Changes'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
