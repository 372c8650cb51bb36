import type { LeadPayload } from '@portal/contract';
import { OutboxError } from '../../../lib/outbox';

/** A lead as the CRM receives it: spec §3's payload, which is Zoho-shaped. */
export type CrmLead = Pick<
  LeadPayload,
  'uuid' | 'First_Name' | 'Last_Name' | 'Email' | 'Company' | 'Business_Type' | 'Title' | 'Description'
>;

export interface CrmRecord {
  id: string;
}

/** A CRM lead's status as the status pull reads it. */
export interface CrmLeadStatus {
  id: string;
  /** The CRM's own value (Zoho `Lead_Status`), or null when the record has none. */
  status: string | null;
  modifiedAt: Date;
}

/**
 * What the outbox worker needs from a CRM. Every call may have reached the CRM even when it
 * throws, so the worker records each step and uses the find* calls before repeating one.
 */
export interface CrmConnector {
  readonly name: string;
  /** False when the portal itself is the system of record: entries are settled without a call. */
  readonly syncsLeads: boolean;
  /** `duplicate` when the CRM already had this lead; its id is then the existing record's. */
  createLead(lead: CrmLead, idempotencyKey: string): Promise<CrmRecord & { duplicate: boolean }>;
  createNote(crmLeadId: string, title: string, content: string): Promise<CrmRecord>;
  findLeadByEmail?(email: string): Promise<CrmRecord | null>;
  findNoteByTitle?(crmLeadId: string, title: string): Promise<CrmRecord | null>;
  /** Sets the CRM's status value of a lead (status sync, portal → CRM). */
  updateLeadStatus?(crmLeadId: string, value: string): Promise<void>;
  /** Leads modified after `since`, oldest change first, a page at a time (status sync, CRM → portal). */
  listLeadsModifiedSince?(since: Date): AsyncIterable<CrmLeadStatus[]>;
}

/**
 * A failed CRM call. `retryable` for outages (5xx, 429, time-outs, network); a rejected request
 * (other 4xx, bad credentials) would fail the same way again. An outbox error, so a retryable one
 * pauses every CRM action of the worker.
 */
export class CrmError extends OutboxError {
  constructor(message: string, retryable: boolean, retryAfterMs?: number) {
    super(message, retryable, retryAfterMs);
    this.name = 'CrmError';
  }
}
