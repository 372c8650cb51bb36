import { useEffect, useState, type DragEvent } from 'react';
import toast from 'react-hot-toast';
import {
  canMoveLead,
  leadStatusLabels,
  leadStatuses,
  pipelineMessages,
  type AdminLeadSummary,
  type LeadStatus,
} from '@portal/contract';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { QueryError } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useAdminLead } from '../api/get-admin-lead';
import { useAdminLeads, type AdminLeadFilters } from '../api/get-admin-leads';
import { usePagedRows } from '@/components/ui/cursor-table';
import { StaleCue } from './stale-cue';
import { StatusChangeDialog } from './status-change-dialog';

/** What a drag carries: the lead and the column (status) it was in when the admin picked it up. */
const dragType = 'application/x-portal-lead';
interface Move {
  leadId: string;
  business: string;
  from: LeadStatus;
  to?: LeadStatus;
}

/**
 * /admin/leads as a board: a column per status, each read page by page with the list's filters.
 * Dropping a card on a column opens the same move dialog as the table (MID, reason and note rules,
 * 409 when the lead moved since the board loaded); "Move" on each card does the same from the keyboard.
 */
export function LeadBoard({ filters, onOpen }: { filters: AdminLeadFilters; onOpen: (leadId: string) => void }) {
  const [move, setMove] = useState<Move | null>(null);
  const [dragging, setDragging] = useState<Move | null>(null);

  const drop = (to: LeadStatus, payload: Move) => {
    setDragging(null);
    if (payload.from === to) return;
    if (!canMoveLead(payload.from, to)) {
      toast.error(pipelineMessages.moveNotAllowed(payload.from, to));
      return;
    }
    setMove({ ...payload, to });
  };

  return (
    <>
      <p id="board-help" className="sr-only">
        Drag a card to another column, or use its Move button, to change the referral’s status.
      </p>
      <div
        className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0"
        role="region"
        aria-label="Pipeline board"
        // Scrolls sideways: focusable, so the arrow keys scroll it from the keyboard too.
        tabIndex={0}
        aria-describedby="board-help"
      >
        {leadStatuses.map((status) => (
          <BoardColumn
            key={status}
            status={status}
            filters={filters}
            dragging={dragging}
            onDragStart={setDragging}
            onDragEnd={() => setDragging(null)}
            onDrop={drop}
            onOpen={onOpen}
            onMove={setMove}
          />
        ))}
      </div>
      {move && <BoardMoveDialog move={move} onClose={() => setMove(null)} />}
    </>
  );
}

function BoardColumn({
  status,
  filters,
  dragging,
  onDragStart,
  onDragEnd,
  onDrop,
  onOpen,
  onMove,
}: {
  status: LeadStatus;
  filters: AdminLeadFilters;
  dragging: Move | null;
  onDragStart: (move: Move) => void;
  onDragEnd: () => void;
  onDrop: (to: LeadStatus, move: Move) => void;
  onOpen: (leadId: string) => void;
  onMove: (move: Move) => void;
}) {
  const query = useAdminLeads({ ...filters, status });
  const rows = usePagedRows(query);
  const count = query.data?.pages[0]?.counts[status];
  const staleAfterDays = query.data?.pages[0]?.stale_after_days;
  const [isOver, setIsOver] = useState(false);
  const canDrop = dragging !== null && dragging.from !== status && canMoveLead(dragging.from, status);
  const titleId = `board-${status}`;

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(dragType)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = canDrop ? 'move' : 'none';
    setIsOver(true);
  };
  const onDropHere = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const raw = event.dataTransfer.getData(dragType);
    if (raw) onDrop(status, JSON.parse(raw) as Move);
  };

  return (
    <section
      aria-labelledby={titleId}
      data-testid={`board-column-${status}`}
      onDragOver={onDragOver}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDropHere}
      className={cn(
        'flex w-72 shrink-0 snap-start flex-col rounded-lg border border-slate-200 bg-slate-50',
        canDrop && 'border-brand-300 border-dashed',
        isOver && canDrop && 'bg-brand-50 ring-2 ring-brand-500',
      )}
    >
      <h2 id={titleId} className="flex items-center justify-between gap-2 px-3 pt-3 pb-2 text-sm font-semibold text-slate-900">
        {leadStatusLabels[status]}
        {count !== undefined && (
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums ring-1 ring-slate-200">
            {count.toLocaleString('en-US')}
          </span>
        )}
      </h2>
      <div className="flex min-h-24 flex-1 flex-col gap-2 px-2 pb-2">
        {query.isError ? (
          <QueryError query={query} title="This column could not be loaded" />
        ) : query.isPending ? (
          <>
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </>
        ) : rows.length === 0 ? (
          <p className="px-1 py-6 text-center text-xs text-slate-500">No referrals</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={`${leadStatusLabels[status]} referrals`}>
            {rows.map((lead) => (
              <BoardCard
                key={lead.id}
                lead={lead}
                staleAfterDays={staleAfterDays}
                onDragStart={onDragStart}
                onDragEnd={onDragEnd}
                onOpen={onOpen}
                onMove={onMove}
              />
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            isLoading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            aria-label={`Load more ${leadStatusLabels[status]} referrals`}
          >
            Load more
          </Button>
        )}
      </div>
    </section>
  );
}

function BoardCard({
  lead,
  staleAfterDays,
  onDragStart,
  onDragEnd,
  onOpen,
  onMove,
}: {
  lead: AdminLeadSummary;
  staleAfterDays: number | undefined;
  onDragStart: (move: Move) => void;
  onDragEnd: () => void;
  onOpen: (leadId: string) => void;
  onMove: (move: Move) => void;
}) {
  const payload: Move = { leadId: lead.id, business: lead.business, from: lead.status };
  const isFinal = leadStatuses.every((to) => !canMoveLead(lead.status, to));
  return (
    <li
      draggable={!isFinal}
      onDragStart={(event) => {
        event.dataTransfer.setData(dragType, JSON.stringify(payload));
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(payload);
      }}
      onDragEnd={onDragEnd}
      data-testid="board-card"
      className={cn(
        'rounded-md border border-slate-200 bg-white p-3 text-sm shadow-xs',
        !isFinal && 'cursor-grab active:cursor-grabbing',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(lead.id)}
        className="block text-left font-medium text-brand-700 wrap-anywhere hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {lead.business}
      </button>
      <p className="mt-0.5 text-xs text-slate-600 wrap-anywhere">{lead.contact}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        {lead.partner ? lead.partner.name : 'Unattributed'} · {formatDate(lead.submitted_at)}
      </p>
      {lead.owner && <p className="mt-0.5 text-xs text-slate-500">Owner: {lead.owner.name}</p>}
      {!isFinal && (
        <div className="mt-2 flex items-center justify-between gap-2">
          <StaleCue lead={lead} afterDays={staleAfterDays} />
          <Button variant="secondary" size="sm" onClick={() => onMove(payload)} aria-label={`Move ${lead.business}`}>
            Move
          </Button>
        </div>
      )}
    </li>
  );
}

/** Loads the lead (its allowed moves) and opens the move dialog with the dropped-on column chosen. */
function BoardMoveDialog({ move, onClose }: { move: Move; onClose: () => void }) {
  const lead = useAdminLead(move.leadId);
  const failed = lead.isError && !lead.data;
  useEffect(() => {
    if (!failed) return;
    toast.error('The referral could not be loaded. Please try again.');
    onClose();
  }, [failed, onClose]);
  if (!lead.data) return null;
  return <StatusChangeDialog lead={lead.data} open onClose={onClose} initialStatus={move.to} expectedStatus={move.from} />;
}
