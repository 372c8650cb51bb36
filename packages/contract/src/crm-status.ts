import { z } from 'zod';
import { leadStatuses, type LeadStatus } from './lead-statuses';

/** The admin setting that maps the CRM's lead statuses (Zoho `Lead_Status` values) to portal statuses. */
export const crmStatusMappingKey = 'CRM Status Mapping';

/**
 * Zoho's standard Lead_Status values, plus one for each portal status Zoho has no value for. When
 * the portal pushes a status, it sends the first value that maps to it (so order matters).
 */
export const defaultCrmStatusMapping: Record<string, LeadStatus> = {
  'Not Contacted': 'new',
  Contacted: 'contacted',
  'Attempted to Contact': 'contacted',
  'Contact in Future': 'contacted',
  'Pre-Qualified': 'analysis',
  'Analysis in Progress': 'analysis',
  Application: 'application',
  'Approved Merchant': 'approved',
  'Lost Lead': 'lost',
  'Not Qualified': 'unqualified',
  'Junk Lead': 'unqualified',
};

export const crmStatusMappingMessage = `CRM Status Mapping must be a JSON object such as {"Contacted": "contacted"}, each value one of: ${leadStatuses.join(', ')}`;

export const crmStatusMappingSchema = z.record(z.string().trim().min(1).max(120), z.enum(leadStatuses), {
  error: crmStatusMappingMessage,
});

/** The mapping of a setting's value, or null when it is not a valid mapping. */
export function parseCrmStatusMapping(value: string): Record<string, LeadStatus> | null {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = crmStatusMappingSchema.safeParse(json);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : null;
}

/** The CRM value to push for a portal status: the first key mapped to it, or null when none is. */
export function crmValueFor(mapping: Record<string, LeadStatus>, status: LeadStatus): string | null {
  return Object.entries(mapping).find(([, portal]) => portal === status)?.[0] ?? null;
}
