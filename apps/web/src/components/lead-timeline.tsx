import {
  leadStatusLabels,
  reasonLabel,
  syncStateLabels,
  type LeadAttachment,
  type LeadEvent,
  type LeadStatus,
  type SyncState,
} from '@portal/contract';
import { useState } from 'react';
import { downloadFile } from '@/lib/api/download';
import { formatDateTime } from '@/lib/format';
import { PaperclipIcon } from './icons';
import { Badge, LeadStatusBadge } from './ui/badge';
import { cn } from './ui/cn';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** A partner's name from an event's data, whatever key the server used. */
function partnerName(data: Record<string, unknown> | null, side: 'from' | 'to'): string {
  if (!data) return '';
  const keys =
    side === 'from' ? ['from', 'previous', 'from_partner', 'previous_partner'] : ['to', 'next', 'to_partner', 'new_partner'];
  for (const key of keys) {
    const value = data[key];
    if (value === null) return 'Unattributed';
    if (typeof value === 'string') return value;
    if (typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string') {
      return (value as { name: string }).name;
    }
  }
  return '';
}

function EventTitle({ event, replyTitle }: { event: LeadEvent; replyTitle: string }) {
  switch (event.kind) {
    case 'created':
      return <>Referral submitted</>;
    case 'status':
      return (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          {event.from_status ? <LeadStatusBadge status={event.from_status} /> : null}
          {event.from_status && <span aria-label="to">→</span>}
          {event.to_status ? <LeadStatusBadge status={event.to_status} /> : 'Status changed'}
        </span>
      );
    case 'note':
      return <>Note</>;
    case 'partner': {
      const from = partnerName(event.data, 'from');
      const to = partnerName(event.data, 'to');
      return <>{from || to ? `Partner changed${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}` : 'Partner changed'}</>;
    }
    case 'crm_sync': {
      const state = text(event.data?.state);
      const label = state && state in syncStateLabels ? syncStateLabels[state as SyncState] : state;
      const crmId = text(event.data?.crm_id);
      return <>{`CRM sync${label ? `: ${label}` : ''}${crmId ? ` (CRM id ${crmId})` : ''}`}</>;
    }
    case 'requested_again':
      return <>Requested again by the merchant</>;
    case 'reply':
      return <>{replyTitle}</>;
  }
}

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A reply's file: fetched with the session (a plain link cannot send the bearer token). */
function AttachmentButton({ attachment, path }: { attachment: LeadAttachment; path: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <p className="mt-1 text-sm">
      <button
        type="button"
        className="inline-flex max-w-full items-center gap-1.5 rounded font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        onClick={() => {
          setFailed(false);
          downloadFile(path, {}, attachment.name).catch(() => setFailed(true));
        }}
      >
        <PaperclipIcon aria-hidden="true" className="size-4 shrink-0" />
        <span className="wrap-anywhere">{attachment.name}</span>
        <span className="font-normal text-slate-500">({sizeLabel(attachment.size)})</span>
      </button>
      {failed && <span className="ml-2 text-red-700">The file could not be downloaded.</span>}
    </p>
  );
}

/** Screen-reader text of a status move (the badges carry it visually). */
const moveLabel = (from: LeadStatus | null, to: LeadStatus | null) =>
  to ? `Status ${from ? `moved from ${leadStatusLabels[from]} ` : 'set '}to ${leadStatusLabels[to]}` : '';

/**
 * A lead's history, newest first. Admins see whether each note is visible to the partner; the
 * partner's view only ever receives the events the server lets them see.
 */
export function LeadTimeline({
  events,
  showVisibility = false,
  emptyText = 'No history yet.',
  attachmentPath,
  replyTitle = 'Reply from the partner',
}: {
  events: readonly LeadEvent[];
  showVisibility?: boolean;
  emptyText?: string;
  /** Where a reply's file is read (the partner's and the admins' routes differ). */
  attachmentPath?: (attachmentId: number) => string;
  /** What a partner's reply is called: the partner reads "Your reply". */
  replyTitle?: string;
}) {
  if (events.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  const sorted = [...events].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id));
  return (
    <ol className="space-y-4" aria-label="History">
      {sorted.map((event) => {
        const reason = reasonLabel(event.reason);
        const error = event.kind === 'crm_sync' ? text(event.data?.error) : null;
        return (
          <li key={event.id} className="relative pl-6">
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-1.5 left-0 size-2.5 rounded-full ring-4 ring-white',
                event.kind === 'status'
                  ? 'bg-brand-600'
                  : event.kind === 'note'
                    ? 'bg-amber-500'
                    : event.kind === 'reply'
                      ? 'bg-sky-500'
                      : 'bg-slate-400',
              )}
            />
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
              {event.kind === 'status' && <span className="sr-only">{moveLabel(event.from_status, event.to_status)}</span>}
              <span aria-hidden={event.kind === 'status' ? true : undefined}>
                <EventTitle event={event} replyTitle={replyTitle} />
              </span>
              {showVisibility && (event.kind === 'note' || event.kind === 'status') && (event.note || event.kind === 'note') && (
                <Badge tone={event.visible_to_partner ? 'green' : 'slate'}>
                  {event.visible_to_partner ? 'Visible to partner' : 'Internal'}
                </Badge>
              )}
            </div>
            <p className="mt-0.5 text-xs text-slate-500">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {event.actor}
            </p>
            {reason && <p className="mt-1 text-sm text-slate-700">Reason: {reason}</p>}
            {event.note && (
              <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700 wrap-anywhere">
                {event.note}
              </p>
            )}
            {event.attachment && attachmentPath && (
              <AttachmentButton attachment={event.attachment} path={attachmentPath(event.attachment.id)} />
            )}
            {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
          </li>
        );
      })}
    </ol>
  );
}
