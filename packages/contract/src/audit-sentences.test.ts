import { describe, expect, it } from 'vitest';
import { auditActions, describeAuditEntry, type AuditSentenceInput } from './audit-sentences';

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

describe('every audit action the server writes', () => {
  it('has a sentence of its own: no dotted code, no generic fallback, no two actions alike', () => {
    const said = auditActions.map((action) =>
      describeAuditEntry(entry({ action, target_type: action.split('.')[0]!, target_name: 'Pat Lee' })),
    );
    for (const [i, sentence] of said.entries()) {
      expect(sentence, auditActions[i]).toMatch(/^Ana Ruiz [a-z]/);
      expect(sentence, auditActions[i]).not.toMatch(/Ana Ruiz:|[a-z]+_?[a-z]*\.[a-z]/);
    }
    expect(new Set(said).size).toBe(said.length);
  });

  it('says amounts, statuses and reasons where the entry has them', () => {
    expect(
      describeAuditEntry(
        entry({
          action: 'payout.status',
          target_type: 'payout',
          target_name: null,
          after: { status: 'returned', amount_cents: 12_500 },
        }),
      ),
    ).toBe('Ana Ruiz marked a payout of $125.00 returned');
    expect(
      describeAuditEntry(
        entry({
          action: 'payout_review.reject',
          target_type: 'user',
          target_name: 'Pat Lee',
          after: { kind: 'bank_account', reason: 'Name does not match' },
        }),
      ),
    ).toBe('Ana Ruiz did not accept the bank account of Pat Lee: Name does not match');
    expect(
      describeAuditEntry(
        entry({
          action: 'tax.threshold',
          target_type: 'tax_year',
          target_id: '2026',
          target_name: null,
          after: { threshold_cents: 60_000 },
        }),
      ),
    ).toBe('Ana Ruiz set the 1099 threshold for 2026 to $600.00');
  });
});
