import type { CrmConnector } from './crm-connector';

/** CRM=none: the portal is the system of record; the worker marks leads skipped and calls nothing. */
export function createNoneConnector(): CrmConnector {
  const unavailable = () => Promise.reject(new Error('CRM=none has no remote CRM'));
  return { name: 'none', syncsLeads: false, createLead: unavailable, createNote: unavailable };
}
