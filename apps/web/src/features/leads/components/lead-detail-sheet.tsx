import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import {
  addLeadNoteRequest,
  leadNoteMax,
  leadSourceLabels,
  pipelineMessages,
  syncStateLabels,
  type AdminLeadDetail,
} from '@portal/contract';
import { LeadTimeline } from '@/components/lead-timeline';
import { apiPaths } from '@/lib/api/paths';
import { PartnerPicker, type PartnerOption } from '@/components/partner-picker';
import { RefreshIcon } from '@/components/icons';
import { LeadStatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/switch';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { formatDateTime } from '@/lib/format';
import { useAddLeadNote } from '../api/add-lead-note';
import { useAssignLeadPartner } from '../api/assign-lead-partner';
import { useAdminLead } from '../api/get-admin-lead';
import { useRetryLeadSync } from '../api/retry-lead-sync';
import { searchPartners } from '@/lib/api/search-partners';
import { StatusChangeDialog } from './status-change-dialog';
import { OwnerPicker } from './owner-picker';
import { DisabledPartnerBadge } from './disabled-partner-badge';
import { SyncStateBadge } from './sync-state-badge';
import { QueryState } from '@/components/ui/query-state';
import { TermList, type Term } from '@/components/ui/term-list';

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="border-b border-slate-200 py-5 first:pt-1 last:border-b-0">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

function Facts({ items }: { items: Term[] }) {
  return (
    <TermList
      items={items}
      className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]"
      itemClassName="contents"
      valueClassName="-mt-2.5 text-slate-900 wrap-anywhere whitespace-pre-wrap sm:mt-0"
    />
  );
}

const yesNo = (value: boolean, at: string | null) => (value ? `Yes, ${formatDateTime(at)}` : 'No');

/** The side sheet of one lead (full screen on a phone): everything known about it and every action. */
export function LeadDetailSheet({ leadId, onClose }: { leadId: string; onClose: () => void }) {
  const lead = useAdminLead(leadId);
  const [isMoving, setIsMoving] = useState(false);
  const data = lead.data;

  return (
    <Dialog
      open
      variant="sheet"
      onClose={onClose}
      aria-label={data ? `Referral ${data.business}` : 'Referral'}
      title={data ? data.business : 'Referral'}
      description={
        data && (
          <span className="inline-flex flex-wrap items-center gap-2">
            <LeadStatusBadge status={data.status} />
            <span className="text-xs text-slate-500">Submitted {formatDateTime(data.submitted_at)}</span>
          </span>
        )
      }
      footer={
        data && (
          <>
            {data.allowed_moves.length === 0 && (
              <p className="self-center text-sm text-slate-500 sm:mr-auto">This is a final status.</p>
            )}
            <Button onClick={() => setIsMoving(true)} disabled={data.allowed_moves.length === 0}>
              Change status
            </Button>
          </>
        )
      }
    >
      <QueryState query={lead} errorTitle={getServerMessage(lead.error) ?? 'The referral could not be loaded'}>
        {(data) => <LeadDetails lead={data} />}
      </QueryState>
      {data && isMoving && <StatusChangeDialog lead={data} open onClose={() => setIsMoving(false)} />}
    </Dialog>
  );
}

function LeadDetails({ lead }: { lead: AdminLeadDetail }) {
  return (
    <div>
      <Section title="Submitted">
        <Facts
          items={[
            ['Business', lead.business],
            ['Contact', `${lead.first_name} ${lead.last_name}`.trim()],
            [
              'Email',
              <a key="email" className="text-brand-700 hover:underline" href={`mailto:${lead.email}`}>
                {lead.email}
              </a>,
            ],
            ['Phone', lead.phone.startsWith('+') ? lead.phone : `${lead.country_code} ${lead.phone}`],
            ['Industry', lead.business_type],
            ['Additional notes', lead.notes || 'None provided'],
            ['Source', leadSourceLabels[lead.source]],
            ['Referral link', lead.referral_uuid || '—'],
            ['Merchant ID (MID)', lead.mid ?? '—'],
          ]}
        />
      </Section>
      <OwnerSection lead={lead} />
      <PartnerSection lead={lead} />
      {lead.estimate && (
        <Section title="Savings estimate">
          <ul className="space-y-1.5 text-sm text-slate-900">
            {lead.estimate.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500">
            Made by the merchant on the landing page before sending; also in the CRM note.
          </p>
        </Section>
      )}
      <Section title="Consent proof">
        <Facts
          items={[
            ['SMS consent', yesNo(lead.consent.sms, lead.consent.sms_at)],
            ['Marketing consent', yesNo(lead.consent.marketing, lead.consent.marketing_at)],
            ['Consent text version', lead.consent.text_version || '—'],
            ['IP address', lead.consent.has_ip_hash ? 'Recorded (salted hash)' : 'Not recorded'],
          ]}
        />
      </Section>
      <CrmSection lead={lead} />
      <NoteSection lead={lead} />
      <Section title="History">
        <LeadTimeline
          events={lead.events}
          showVisibility
          attachmentPath={(fileId) => apiPaths.admin.leadAttachment(lead.id, fileId)}
        />
      </Section>
    </div>
  );
}

function OwnerSection({ lead }: { lead: AdminLeadDetail }) {
  return (
    <Section title="Owner">
      <OwnerPicker lead={lead} />
    </Section>
  );
}

function PartnerSection({ lead }: { lead: AdminLeadDetail }) {
  const assign = useAssignLeadPartner();
  const [isEditing, setIsEditing] = useState(false);
  const [choice, setChoice] = useState<PartnerOption | null>(lead.partner);
  const save = async () => {
    await tryOrToast(async () => {
      await assign.mutateAsync({ id: lead.id, partner_id: choice?.id ?? null });
      toast.success(pipelineMessages.partnerAssigned);
      setIsEditing(false);
    }, 'The partner could not be changed');
  };
  return (
    <Section
      title="Partner"
      actions={
        !isEditing && (
          <Button variant="secondary" size="sm" onClick={() => setIsEditing(true)}>
            {lead.partner ? 'Reassign' : 'Assign partner'}
          </Button>
        )
      }
    >
      {isEditing ? (
        <div className="space-y-3">
          <PartnerPicker
            label="Credit to partner"
            value={choice}
            onChange={setChoice}
            search={searchPartners}
            emptyLabel="Unattributed"
          />
          <div className="flex justify-end gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setChoice(lead.partner);
                setIsEditing(false);
              }}
            >
              Cancel
            </Button>
            <Button size="sm" onClick={() => void save()} isLoading={assign.isPending}>
              Save partner
            </Button>
          </div>
        </div>
      ) : lead.partner ? (
        <p className="text-sm text-slate-900">
          {lead.partner.name} <span className="text-slate-500">{lead.partner.email}</span>
        </p>
      ) : (
        <p className="text-sm text-slate-500">Unattributed</p>
      )}
      {!isEditing && lead.disabled_partner && (
        <div className="mt-3 space-y-1.5 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
          <DisabledPartnerBadge partner={lead.disabled_partner} />
          <p>
            The merchant used the link of {lead.disabled_partner.name}{' '}
            <span className="text-amber-800">({lead.disabled_partner.email})</span>, whose account was disabled at the time, so
            the referral was stored without a partner.
          </p>
        </div>
      )}
    </Section>
  );
}

function CrmSection({ lead }: { lead: AdminLeadDetail }) {
  const retry = useRetryLeadSync();
  const canRetry = lead.sync_state === 'failed' || lead.sync_state === 'pending';
  const onRetry = async () => {
    await tryOrToast(async () => {
      const { retried } = await retry.mutateAsync(lead.id);
      toast.success(retried > 0 ? 'CRM sync queued again' : 'Nothing to retry');
    }, 'The CRM sync could not be retried');
  };
  return (
    <Section
      title="CRM"
      actions={
        canRetry && (
          <Button variant="secondary" size="sm" onClick={() => void onRetry()} isLoading={retry.isPending}>
            {!retry.isPending && <RefreshIcon className="size-4" />}
            Retry
          </Button>
        )
      }
    >
      <Facts
        items={[
          ['Sync state', <SyncStateBadge key="state" state={lead.sync_state} />],
          ['CRM id', lead.crm.id ?? '—'],
          ['Attempts', String(lead.crm.attempts)],
          ...(lead.crm.last_error
            ? ([
                [
                  'Last error',
                  <span key="error" className="text-red-700">
                    {lead.crm.last_error}
                  </span>,
                ],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
      <p className="sr-only">{syncStateLabels[lead.sync_state]}</p>
    </Section>
  );
}

function NoteSection({ lead }: { lead: AdminLeadDetail }) {
  const addNote = useAddLeadNote();
  const { field, watch, setValue, setError, reset, submit } = useZodForm(addLeadNoteRequest, {
    defaultValues: { note: '', visible_to_partner: false },
  });
  const save = submit(
    async (values) => {
      await addNote.mutateAsync({ id: lead.id, ...values });
      toast.success(pipelineMessages.noteAdded);
      reset();
    },
    (failure) => {
      // The note's one field carries the server's message too.
      setError('note', { message: getServerMessage(failure) ?? 'The note could not be added' });
      return undefined;
    },
  );
  return (
    <Section title="Add a note">
      <form noValidate className="space-y-3" onSubmit={(event) => void save(event)}>
        <TextAreaField label="Note" rows={3} maxLength={leadNoteMax} {...field('note')} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField
            label="Visible to partner"
            checked={watch('visible_to_partner') ?? false}
            onChange={(checked) => setValue('visible_to_partner', checked)}
          />
          <Button type="submit" size="sm" isLoading={addNote.isPending}>
            Add note
          </Button>
        </div>
      </form>
    </Section>
  );
}
