import { useState } from 'react';
import { Link, useParams } from 'react-router';
import axios from 'axios';
import toast from 'react-hot-toast';
import {
  leadStatusLabels,
  messages,
  rejectionReasons,
  updateUserRequest,
  type AdminUserDetail,
  type RejectRequest,
  type Role,
} from '@portal/contract';
import { ChevronLeftIcon, ExternalLinkIcon, WalletIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge, LeadStatusBadge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { PageSpinner } from '@/components/ui/spinner';
import { getServerMessage } from '@/lib/api/errors';
import { useAuthStore } from '@/lib/auth/auth-store';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { paths } from '@/lib/paths';
import { useUpdateUser, useUser, useUserAction, type UserAction } from '../api/admin-users';
import { ReasonDialog } from '../components/reason-dialog';
import { percent, relativeTime, roleLabels, shortDate, statusLabels, statusTones } from '../components/format';

/** /admin/users/{id}: profile, figures, actions, referrals and audit trail of one user. */
export function AdminUserPage() {
  const id = Number(useParams().id);
  const user = useUser(id);
  if (!Number.isSafeInteger(id) || id < 1) return <Alert tone="error">{messages.adminUsers.notFound}</Alert>;
  if (user.isPending) return <PageSpinner />;
  if (user.isError) {
    return (
      <Alert tone="error" title={getServerMessage(user.error) ?? 'Failed to load the user'}>
        <Link to={paths.admin.users} className="mt-2 inline-block font-medium underline">
          Back to users
        </Link>
      </Alert>
    );
  }
  return <UserDetail user={user.data} />;
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card className="p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
    </Card>
  );
}

type Pending =
  | { kind: 'confirm'; action: UserAction; title: string; message: string; label: string; tone?: 'danger' | 'primary' }
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'reject' }
  | { kind: 'role'; role: Role }
  | null;

function UserDetail({ user }: { user: AdminUserDetail }) {
  const me = useAuthStore((s) => s.user);
  const isSelf = me?.id === user.id;
  const action = useUserAction();
  const update = useUpdateUser(user.id);
  const [pending, setPending] = useState<Pending>(null);
  const referralLink = `${window.location.origin}${paths.referral(user.uuid)}`;

  async function run(kind: UserAction, body?: { reason?: string } | RejectRequest) {
    try {
      const message = await action.mutateAsync({ id: user.id, action: kind, body });
      toast.success(message ?? 'Done');
      setPending(null);
    } catch (error) {
      toast.error(getServerMessage(error) ?? 'The action failed');
    }
  }

  async function changeRole(role: Role) {
    try {
      await update.mutateAsync({ role });
      toast.success(`Role changed to ${roleLabels[role]}`);
      setPending(null);
    } catch (error) {
      toast.error(getServerMessage(error) ?? 'Failed to change the role');
    }
  }

  return (
    <>
      <Link
        to={paths.admin.users}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ChevronLeftIcon className="size-4" />
        Users
      </Link>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{user.full_name}</h1>
          <p className="mt-1 break-all text-slate-600">{user.email}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <Badge tone={statusTones[user.status]}>{statusLabels[user.status]}</Badge>
            <Badge tone={user.role === 'admin' ? 'violet' : 'slate'}>{roleLabels[user.role]}</Badge>
            <span className="text-slate-500">Joined {shortDate(user.created_at)}</span>
            <span className="text-slate-500">· Last login {relativeTime(user.last_login_at)}</span>
          </div>
          {user.status === 'disabled' && user.disabled_reason && (
            <p className="mt-2 text-sm text-red-700">Disabled: {user.disabled_reason}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {user.role === 'user' && (
            <Link to={paths.admin.partnerCommissions(user.id)} className={buttonClasses('secondary')}>
              <WalletIcon className="size-4" />
              Commissions
            </Link>
          )}
          {user.status === 'pending_approval' && (
            <>
              <Button onClick={() => void run('approve')} isLoading={action.isPending && action.variables?.action === 'approve'}>
                Approve
              </Button>
              <Button variant="danger" onClick={() => setPending({ kind: 'reject' })}>
                Reject
              </Button>
            </>
          )}
          {user.status === 'invited' && (
            <Button
              variant="secondary"
              onClick={() =>
                setPending({
                  kind: 'confirm',
                  action: 'resend-invite',
                  title: 'Resend invitation',
                  message: 'A new set-your-password link is mailed; the previous link stops working.',
                  label: 'Resend',
                })
              }
            >
              Resend invite
            </Button>
          )}
          {user.status === 'active' && (
            <Button
              variant="secondary"
              onClick={() =>
                setPending({
                  kind: 'confirm',
                  action: 'send-reset',
                  title: 'Send password reset',
                  message: `${user.email} receives a link to choose a new password (valid 1 hour).`,
                  label: 'Send email',
                })
              }
            >
              Send reset email
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() =>
              setPending({
                kind: 'confirm',
                action: 'revoke-sessions',
                title: 'Sign out everywhere',
                message: `Every signed-in session of ${user.full_name} ends now.`,
                label: 'Sign out everywhere',
                tone: 'danger',
              })
            }
          >
            Sign out everywhere
          </Button>
          {!isSelf &&
            (user.status === 'disabled' ? (
              <Button variant="secondary" onClick={() => setPending({ kind: 'enable' })}>
                Enable
              </Button>
            ) : (
              <Button variant="danger" onClick={() => setPending({ kind: 'disable' })}>
                Disable
              </Button>
            ))}
        </div>
      </div>

      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Link visits" value={user.visits} />
        <Figure label="Referrals" value={user.referrals} />
        <Figure label="Conversion" value={percent(user.conversion)} />
        <Figure label="Approved merchants" value={user.approved} />
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <ProfileForm user={user} />
          <Card className="overflow-hidden">
            <h2 className="border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900">Referrals</h2>
            {user.recent_referrals.length === 0 ? (
              <p className="px-5 py-6 text-sm text-slate-600">No referrals yet.</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {user.recent_referrals.map((lead) => (
                  <li key={lead.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{lead.company}</p>
                      <p className="text-slate-500">
                        {lead.contact} · {shortDate(lead.created_at)}
                      </p>
                    </div>
                    <LeadStatusBadge status={lead.status} />
                  </li>
                ))}
              </ul>
            )}
            {user.recent_referrals.length > 0 && (
              <p className="border-t border-slate-200 px-5 py-2 text-xs text-slate-500">
                The {user.recent_referrals.length} most recent; {leadStatusLabels.approved.toLowerCase()}s count toward
                conversion.
              </p>
            )}
          </Card>
        </div>
        <div className="space-y-6">
          <Card className="p-5">
            <h2 className="text-base font-semibold text-slate-900">Referral link</h2>
            <p className="mt-1 text-xs text-slate-500">Never changes: it is printed and shared.</p>
            <a
              href={referralLink}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-flex items-center gap-1 text-sm break-all text-brand-700 hover:underline"
            >
              {referralLink}
              <ExternalLinkIcon className="size-3.5 shrink-0" />
            </a>
            {!isSelf && (
              <div className="mt-5 border-t border-slate-200 pt-4">
                <SelectField
                  label="Role"
                  options={[
                    { value: 'user', label: 'Partner' },
                    { value: 'admin', label: 'Admin' },
                  ]}
                  value={user.role}
                  onChange={(event) => setPending({ kind: 'role', role: event.target.value as Role })}
                />
              </div>
            )}
          </Card>
          <Card className="overflow-hidden">
            <h2 className="border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900">Audit trail</h2>
            {user.audit.length === 0 ? (
              <p className="px-5 py-6 text-sm text-slate-600">No admin changes recorded.</p>
            ) : (
              <ol className="divide-y divide-slate-200">
                {user.audit.map((entry) => (
                  <li key={entry.id} className="px-5 py-3 text-sm">
                    <p className="font-medium text-slate-900">{entry.action.replace(/^user\./, '').replace(/_/g, ' ')}</p>
                    <p className="text-slate-500">
                      {entry.actor?.name ?? 'System'} · <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>
      </div>

      <ConfirmDialog
        open={pending?.kind === 'confirm'}
        title={pending?.kind === 'confirm' ? pending.title : ''}
        message={pending?.kind === 'confirm' ? pending.message : ''}
        confirmLabel={pending?.kind === 'confirm' ? pending.label : ''}
        tone={pending?.kind === 'confirm' ? pending.tone : undefined}
        isPending={action.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending?.kind === 'confirm' && void run(pending.action)}
      />
      <ConfirmDialog
        open={pending?.kind === 'role'}
        title="Change role"
        message={
          pending?.kind === 'role'
            ? `Make ${user.full_name} ${pending.role === 'admin' ? 'an admin? Admins manage users, settings and every referral.' : 'a partner? They lose access to the admin screens.'}`
            : ''
        }
        confirmLabel="Change role"
        isPending={update.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending?.kind === 'role' && void changeRole(pending.role)}
      />
      <ReasonDialog
        open={pending?.kind === 'disable'}
        title={`Disable ${user.full_name}`}
        description="They are signed out at once and cannot sign in until enabled. Referrals through their link are still stored, unattributed and flagged."
        confirmLabel="Disable"
        tone="danger"
        isPending={action.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => void run('disable', { reason })}
      />
      <ReasonDialog
        open={pending?.kind === 'enable'}
        title={`Enable ${user.full_name}`}
        description="They can sign in again; sessions ended by the disable stay ended."
        confirmLabel="Enable"
        isReasonOptional
        isPending={action.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => void run('enable', reason ? { reason } : {})}
      />
      <RejectDialog
        open={pending?.kind === 'reject'}
        isPending={action.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(body) => void run('reject', body)}
      />
    </>
  );
}

function RejectDialog({
  open,
  isPending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: (body: RejectRequest) => void;
}) {
  const [reason, setReason] = useState<RejectRequest['reason'] | ''>('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Reject application"
      description="The applicant is emailed the reason and your message; the account stays closed."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button
            variant="danger-solid"
            isLoading={isPending}
            onClick={() => {
              if (!reason) return setError('Please choose a reason');
              onConfirm({ reason, ...(message.trim() ? { message: message.trim() } : {}) });
            }}
          >
            Reject
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <SelectField
          label="Reason"
          placeholder="Choose…"
          options={Object.entries(rejectionReasons).map(([value, label]) => ({ value, label }))}
          value={reason}
          error={error ?? undefined}
          onChange={(event) => {
            setReason(event.target.value as RejectRequest['reason']);
            setError(null);
          }}
        />
        <TextAreaField
          label="Message (optional)"
          rows={3}
          maxLength={255}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
    </Dialog>
  );
}

/** Name, email, compensation link, internal note and Pixel ID; the uuid is not editable. */
function ProfileForm({ user }: { user: AdminUserDetail }) {
  const update = useUpdateUser(user.id);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = updateUserRequest.required({ full_name: true, email: true });
  const {
    field,
    handleSubmit,
    setError,
    setValue,
    formState: { isSubmitting, isDirty },
    reset,
  } = useZodForm(schema, {
    defaultValues: {
      full_name: user.full_name,
      email: user.email,
      compensation_link: user.compensation_link ?? '',
      notes_internal: user.notes_internal,
      facebook_pixel_id: user.facebook_pixel_id,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      toast.success(messages.adminUsers.updated);
      reset(values);
    } catch (error) {
      const fieldErrors = axios.isAxiosError<{ errors?: Record<string, string> }>(error)
        ? error.response?.data?.errors
        : undefined;
      if (fieldErrors?.email) setError('email', { message: fieldErrors.email }, { shouldFocus: true });
      else if (fieldErrors?.compensation_link) setError('compensation_link', { message: fieldErrors.compensation_link });
      else setFormError(getServerMessage(error) ?? 'Failed to save');
    }
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="profile-title">
        <div className="space-y-4 p-5">
          <h2 id="profile-title" className="text-base font-semibold text-slate-900">
            Profile
          </h2>
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Full name" {...field('full_name')} />
            <TextField label="Email" type="email" hint="Both addresses are told of a change." {...field('email')} />
          </div>
          <TextField
            label="Compensation link"
            type="url"
            placeholder="https://"
            hint="Opens from the partner's My Commissions. https only."
            {...field('compensation_link')}
          />
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <TextField label="Facebook Pixel ID" inputMode="numeric" {...field('facebook_pixel_id')} />
            </div>
            <Button variant="secondary" onClick={() => setValue('facebook_pixel_id', '', { shouldDirty: true })}>
              Clear
            </Button>
          </div>
          <TextAreaField label="Internal note" rows={3} hint="Only admins see this." {...field('notes_internal')} />
        </div>
        <div className="flex justify-end rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3">
          <Button type="submit" isLoading={isSubmitting} disabled={!isDirty}>
            Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
