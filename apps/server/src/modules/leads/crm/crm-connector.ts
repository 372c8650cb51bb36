import type { LeadPayload } from '@portal/contract';
import type { Config } from '../../../config';
import { createNoneConnector } from './none-connector';
import { createZohoConnector } from './zoho-connector';

/** A lead as the CRM receives it: spec §3's payload, which is Zoho-shaped. */
export type CrmLead = Pick<
  LeadPayload,
  'uuid' | 'First_Name' | 'Last_Name' | 'Email' | 'Company' | 'Business_Type' | 'Title' | 'Description'
>;

export interface CrmRecord {
  id: string;
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
}

/**
 * A failed CRM call. `retryable` for outages (5xx, 429, time-outs, network); a rejected request
 * (other 4xx, bad credentials) would fail the same way again.
 */
export class CrmError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'CrmError';
  }
}

export function createCrmConnector(config: Config): CrmConnector {
  if (config.CRM === 'zoho') {
    return createZohoConnector({
      clientId: config.ZOHO_CLIENT_ID ?? '',
      clientSecret: config.ZOHO_CLIENT_SECRET ?? '',
      refreshToken: config.ZOHO_REFRESH_TOKEN ?? '',
      accountsUrl: config.ZOHO_ACCOUNTS_URL,
      apiUrl: config.ZOHO_API_URL,
    });
  }
  return createNoneConnector();
}
