import { describe, expect, it } from 'vitest';
import { describeAuditEntry, type AuditSentenceInput } from './audit-sentences';

const entry = (over: Partial<AuditSentenceInput>): AuditSentenceInput => ({
  actor: { name: 'Ana Ruiz' },
  action: 'lead.status',
  target_type: 'lead',
  target_id: '6f1c2f7e-8a4b-4c8e-9d7a-2b1e5c3d4f60',
  target_name: "Joe's Pizza",
  before: null,
  after: null,
  ...over,
});

describe('describeAuditEntry', () => {
  it('says a status move in words, with the statuses as people read them', () => {
    expect(describeAuditEntry(entry({ before: { status: 'new' }, after: { status: 'contacted' } }))).toBe(
      "Ana Ruiz changed the status of Joe's Pizza from New to Contacted",
    );
  });

  it('names the partner a referral was credited to, and the setting that changed', () => {
    expect(
      describeAuditEntry(
        entry({ action: 'lead.partner', before: { partner: null }, after: { partner: { id: 3, name: 'Pat' } } }),
      ),
    ).toBe("Ana Ruiz credited Joe's Pizza to Pat");
    expect(
      describeAuditEntry(
        entry({
          action: 'setting.update',
          target_type: 'setting',
          target_id: 'New Lead Emails',
          target_name: null,
          before: { key: 'New Lead Emails', value: 'on' },
          after: { key: 'New Lead Emails', value: 'off' },
        }),
      ),
    ).toBe('Ana Ruiz changed “New Lead Emails” from “on” to “off”');
  });

  it('tells an internal note from a visible one, and the system from a person', () => {
    expect(describeAuditEntry(entry({ action: 'lead.note', after: { visible_to_partner: false } }))).toBe(
      "Ana Ruiz added an internal note to Joe's Pizza",
    );
    expect(describeAuditEntry(entry({ actor: null, action: 'user.disable', target_type: 'user', target_name: 'Pat Lee' }))).toBe(
      'The system disabled the account of Pat Lee',
    );
  });

  it('reads an action it does not know as words, never a dotted code', () => {
    const sentence = describeAuditEntry(
      entry({ action: 'payout_batch.split_up', target_type: 'payout_batch', target_name: null }),
    );
    expect(sentence).toBe('Ana Ruiz: split up on a payout batch');
    expect(sentence).not.toContain('payout_batch.');
  });
});
