import { useState, type ReactNode } from 'react';
import { BackLink } from '@/components/ui/back-link';
import { Link, useParams, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { messages, type AdminUserDetail, type RejectRequest, type Role } from '@portal/contract';
import { ExternalLinkIcon, WalletIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { userStatusTones } from '@/components/user-status';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select';
import { Tabs } from '@/components/ui/tabs';
import { PageSpinner } from '@/components/ui/spinner';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { useAuthStore } from '@/lib/auth/auth-store';
import { useReferralLink } from '@/components/share-kit/referral-link';
import { paths } from '@/lib/paths';
import { useUser } from '../api/get-user';
import { useUserAction, type UserAction } from '../api/run-user-action';
import { useUpdateUser } from '../api/update-user';
import { ReasonDialog } from '../components/reason-dialog';
import { percent, relativeTime, roleLabels, shortDate, statusLabels } from '../components/format';
import { RejectDialog } from '../components/reject-dialog';
import { ApplicationAnswersCard } from '../components/application-answers-card';
import { ProfileForm } from '../components/profile-form';
import { Figure, RecentReferrals, UserAuditTrail } from '../components/user-cards';

/** Renders a partner's team; given by app/, which composes features (they never import each other). */
export type RenderTeamTab = (user: { id: number; full_name: string }) => ReactNode;

/**
 * /admin/users/{id}: profile, figures, actions, referrals and audit trail of one user; for a partner,
 * when app/ passes `renderTeam`, a Team tab (`?tab=team`) beside the overview.
 */
export function AdminUserPage({ renderTeam }: { renderTeam?: RenderTeamTab } = {}) {
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
  return <UserDetail user={user.data} renderTeam={renderTeam} />;
}

type Pending =
  | { kind: 'confirm'; action: UserAction; title: string; message: string; label: string; tone?: 'danger' | 'primary' }
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'reject' }
  | { kind: 'role'; role: Role }
  | null;

type Tab = 'overview' | 'team';
const tabItems = [
  { value: 'overview', label: 'Overview' },
  { value: 'team', label: 'Team' },
] as const;

function UserDetail({ user, renderTeam }: { user: AdminUserDetail; renderTeam?: RenderTeamTab }) {
  const [params, setParams] = useSearchParams();
  const hasTeamTab = renderTeam !== undefined && user.role === 'user';
  const tab: Tab = hasTeamTab && params.get('tab') === 'team' ? 'team' : 'overview';
  const me = useAuthStore((s) => s.user);
  const isSelf = me?.id === user.id;
  const action = useUserAction();
  const update = useUpdateUser(user.id);
  const [pending, setPending] = useState<Pending>(null);
  const referralLink = useReferralLink(user.uuid);

  async function run(kind: UserAction, body?: { reason?: string } | RejectRequest) {
    await tryOrToast(async () => {
      const message = await action.mutateAsync({ id: user.id, action: kind, body });
      toast.success(message ?? 'Done');
      setPending(null);
    }, 'The action failed');
  }

  async function changeRole(role: Role) {
    await tryOrToast(async () => {
      await update.mutateAsync({ role });
      toast.success(`Role changed to ${roleLabels[role]}`);
      setPending(null);
    }, 'Failed to change the role');
  }

  return (
    <>
      <BackLink to={paths.admin.users} tone="muted">
        Users
      </BackLink>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{user.full_name}</h1>
          <p className="mt-1 break-all text-slate-600">{user.email}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <Badge tone={userStatusTones[user.status]}>{statusLabels[user.status]}</Badge>
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
          {!isSelf && (
            <Button
              variant="secondary"
              onClick={() =>
                setPending({
                  kind: 'confirm',
                  action: 'reset-two-factor',
                  title: 'Reset two-factor authentication',
                  message: `Two-factor authentication of ${user.full_name} is turned off, every session of theirs ends, and they are told by email. Do this only once you are sure the request comes from them.`,
                  label: 'Reset two-factor',
                  tone: 'danger',
                })
              }
            >
              Reset two-factor
            </Button>
          )}
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

      {hasTeamTab && (
        <Tabs
          items={tabItems}
          value={tab}
          onChange={(next) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true })}
          label="User sections"
          className="mb-6"
        />
      )}
      {tab === 'team' && renderTeam ? (
        renderTeam(user)
      ) : (
        <>
          <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure label="Link visits" value={user.visits} />
            <Figure label="Referrals" value={user.referrals} />
            <Figure label="Conversion" value={percent(user.conversion)} />
            <Figure label="Approved merchants" value={user.approved} />
          </div>

          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div className="space-y-6">
              <ProfileForm user={user} />
              <RecentReferrals referrals={user.recent_referrals} />
            </div>
            <div className="space-y-6">
              {user.role === 'user' && <ApplicationAnswersCard userId={user.id} />}
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
              <UserAuditTrail audit={user.audit} />
            </div>
          </div>
        </>
      )}

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
