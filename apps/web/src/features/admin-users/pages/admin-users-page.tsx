import { useState } from 'react';
import toast from 'react-hot-toast';
import { messages, type AdminUserSort, type Role, type UserStatus } from '@portal/contract';
import { DownloadIcon, MailIcon, PlusIcon, UsersIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { type SortState } from '@/components/ui/table';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { downloadUsersCsv } from '../api/export-users';
import { useUsers } from '../api/get-users';
import { useUserAction } from '../api/run-user-action';
import { InviteDialog } from '../components/invite-dialog';
import { ReasonDialog } from '../components/reason-dialog';
import { statusLabels } from '../components/format';
import { CursorTable, usePagedRows } from '@/components/ui/cursor-table';
import { SearchInput } from '@/components/search-input';
import { adminUserColumns } from '../components/admin-user-columns';
import { useAdminUserFilters } from '../hooks/use-admin-user-filters';

const m = messages.adminUsers;
const roleOptions = [
  { value: 'user', label: 'Partners' },
  { value: 'admin', label: 'Admins' },
];
const statusOptions = (Object.keys(statusLabels) as UserStatus[]).map((value) => ({ value, label: statusLabels[value] }));

type Bulk = 'disable' | 'enable' | 'resend-invite';

const phoneSorts = [
  { value: 'created:desc', label: 'Newest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'referrals:desc', label: 'Most referrals' },
  { value: 'approved:desc', label: 'Most approved' },
  { value: 'conversion:desc', label: 'Best conversion' },
  { value: 'last_login:desc', label: 'Recent login' },
];

export function AdminUsersPage() {
  const [filters, setFilters] = useAdminUserFilters();
  const users = useUsers(filters);
  const action = useUserAction();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const [bulk, setBulk] = useState<Bulk | null>(null);
  const [isExporting, setIsExporting] = useState(false);

  const rows = usePagedRows(users);
  const selectedRows = rows.filter((row) => selected.has(String(row.id)));
  const isFiltered = Boolean(filters.search || filters.role || filters.status || filters.no_recent_referrals);

  async function exportCsv(ids?: number[]) {
    setIsExporting(true);
    await tryOrToast(async () => {
      await downloadUsersCsv(filters, ids);
    }, 'Export failed');
    setIsExporting(false);
  }

  async function runBulk(kind: Bulk, reason?: string) {
    const targets = selectedRows.filter((row) =>
      kind === 'disable' ? row.status !== 'disabled' : kind === 'enable' ? row.status === 'disabled' : row.status === 'invited',
    );
    let done = 0;
    const failures: string[] = [];
    for (const row of targets) {
      try {
        await action.mutateAsync({ id: row.id, action: kind, body: reason ? { reason } : undefined });
        done += 1;
      } catch (error) {
        failures.push(`${row.full_name}: ${getServerMessage(error) ?? 'failed'}`);
      }
    }
    setBulk(null);
    setSelected(new Set());
    if (done) toast.success(`${done} user${done === 1 ? '' : 's'} updated`);
    if (failures.length) toast.error(failures.join('\n'));
    if (!targets.length) toast.error('None of the selected users can take this action');
  }

  const sort: SortState = { key: filters.sort, direction: filters.dir };

  return (
    <>
      <PageHeader
        title="Users"
        description="Partners and administrators: invite, edit, disable, and follow each partner's referrals."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void exportCsv()} isLoading={isExporting && selected.size === 0}>
              <DownloadIcon className="size-4" />
              Export CSV
            </Button>
            <Button onClick={() => setIsInviteOpen(true)}>
              <PlusIcon className="size-4" />
              Invite user
            </Button>
          </div>
        }
      />

      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
        <SearchInput
          label="Search users"
          placeholder="Search name, email or referral ID"
          value={filters.search ?? ''}
          onSearch={(search) => setFilters({ search: search || undefined })}
        />
        <Select
          aria-label="Role"
          placeholder="All roles"
          options={roleOptions}
          value={filters.role ?? ''}
          onChange={(event) => setFilters({ role: (event.target.value || undefined) as Role | undefined })}
        />
        <Select
          aria-label="Status"
          placeholder="All statuses"
          options={statusOptions}
          value={filters.status ?? ''}
          onChange={(event) => setFilters({ status: (event.target.value || undefined) as UserStatus | undefined })}
        />
        {/* On a phone the table has no headers to click: the sort is a select. */}
        <Select
          aria-label="Sort"
          className="sm:hidden"
          options={phoneSorts.map((option) => ({ value: option.value, label: option.label }))}
          value={`${filters.sort}:${filters.dir}`}
          onChange={(event) => {
            const [sortKey, dir] = event.target.value.split(':') as [AdminUserSort, 'asc' | 'desc'];
            setFilters({ sort: sortKey, dir });
          }}
        />
        <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-700">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-brand-600"
            checked={filters.no_recent_referrals ?? false}
            onChange={(event) => setFilters({ no_recent_referrals: event.target.checked })}
          />
          No referrals in 90 days
        </label>
      </div>

      {selected.size > 0 && (
        <div
          role="region"
          aria-label="Bulk actions"
          className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-2 text-sm"
        >
          <span className="mr-2 font-medium text-brand-900">{selected.size} selected</span>
          <Button size="sm" variant="secondary" onClick={() => setBulk('disable')}>
            Disable
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setBulk('enable')}>
            Enable
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void exportCsv(selectedRows.map((row) => row.id))}
            isLoading={isExporting}
          >
            <DownloadIcon className="size-4" />
            Export
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setBulk('resend-invite')}>
            <MailIcon className="size-4" />
            Resend invite
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        </div>
      )}

      <CursorTable
        query={users}
        errorTitle="Failed to load users"
        noun="users"
        caption="Users"
        columns={adminUserColumns}
        rows={rows}
        getRowId={(row) => String(row.id)}
        sort={sort}
        onSortChange={(next) => setFilters({ sort: next.key as AdminUserSort, dir: next.direction })}
        selection={{ selected, onChange: setSelected, rowLabel: (row) => `Select ${row.full_name}` }}
        empty={<EmptyState icon={<UsersIcon className="size-6" />}>{isFiltered ? m.noUsers : m.noPartnersYet}</EmptyState>}
      />

      <InviteDialog open={isInviteOpen} onClose={() => setIsInviteOpen(false)} />
      <ReasonDialog
        open={bulk === 'disable'}
        title={`Disable ${selected.size} user${selected.size === 1 ? '' : 's'}`}
        description="Each one is signed out at once and cannot sign in until enabled. Referrals through their links are still stored, unattributed."
        confirmLabel="Disable"
        tone="danger"
        isPending={action.isPending}
        onCancel={() => setBulk(null)}
        onConfirm={(reason) => void runBulk('disable', reason)}
      />
      <ReasonDialog
        open={bulk === 'enable'}
        title={`Enable ${selected.size} user${selected.size === 1 ? '' : 's'}`}
        description="They can sign in again; old sessions stay ended."
        confirmLabel="Enable"
        isReasonOptional
        isPending={action.isPending}
        onCancel={() => setBulk(null)}
        onConfirm={(reason) => void runBulk('enable', reason || undefined)}
      />
      <ConfirmDialog
        open={bulk === 'resend-invite'}
        title="Resend invitations"
        message="Invited users among the selection get a new set-your-password link; their previous link stops working."
        confirmLabel="Resend"
        isPending={action.isPending}
        onCancel={() => setBulk(null)}
        onConfirm={() => void runBulk('resend-invite')}
      />
    </>
  );
}
