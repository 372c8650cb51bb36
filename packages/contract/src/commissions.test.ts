import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  columnMappingSchema,
  commissionMessages,
  commissionPlanSchema,
  createLineRequest,
  divideRoundHalfUp,
  formatBps,
  formatCents,
  markPaidRequest,
  monthLabel,
  parseCount,
  parseMoneyCents,
  shareOfCents,
  sumCents,
} from './commissions';

describe('money', () => {
  it('rounds a share half up to the cent, once', () => {
    expect(shareOfCents(12_345, 2_000)).toBe(2_469); // 2469.0
    expect(shareOfCents(12_347, 2_000)).toBe(2_469); // 2469.4 -> down
    expect(shareOfCents(12_348, 2_000)).toBe(2_470); // 2469.6 -> up
    expect(shareOfCents(5, 1_000)).toBe(1); // 0.5 -> up
    expect(shareOfCents(4, 1_000)).toBe(0); // 0.4 -> down
    expect(shareOfCents(-5, 1_000)).toBe(-1); // a negative line mirrors its positive twin
    expect(shareOfCents(-4, 1_000)).toBe(0);
    expect(shareOfCents(0, 2_000)).toBe(0);
  });

  it('divides exactly beyond the safe float range of a product', () => {
    // 999,999,999,999 cents x 9,999 bps is past 2^53 as a float product; BigInt stays exact.
    expect(shareOfCents(999_999_999_999, 9_999)).toBe(999_899_999_999);
    expect(shareOfCents(999_999_999_995, 1)).toBe(100_000_000); // 99,999,999.9995 -> up
    expect(divideRoundHalfUp(3, 2)).toBe(2);
    expect(divideRoundHalfUp(-3, 2)).toBe(-2);
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
  });

  it('a statement total always equals the sum of its rounded lines (1,000 random lines)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ net: fc.integer({ min: -10_000_000, max: 100_000_000 }), bps: fc.integer({ min: 0, max: 10_000 }) }),
          {
            minLength: 1_000,
            maxLength: 1_000,
          },
        ),
        (rows) => {
          const lines = rows.map((row) => shareOfCents(row.net, row.bps));
          // every line is a whole number of cents within half a cent of the exact share
          const off = lines.filter(
            (line, i) => !Number.isInteger(line) || Math.abs(line - (rows[i]!.net * rows[i]!.bps) / 10_000) > 0.5 + 1e-9,
          );
          expect(off).toEqual([]);
          const total = sumCents(lines);
          expect(total).toBe(lines.reduce((a, b) => a + b, 0));
          expect(Number.isInteger(total)).toBe(true);
        },
      ),
      { numRuns: 10 },
    );
  }, 30_000);

  it('reads report amounts in cents and refuses what is not a number', () => {
    expect(parseMoneyCents('1234.5')).toBe(123_450);
    expect(parseMoneyCents('1,234.56')).toBe(123_456);
    expect(parseMoneyCents(' $1,234.56 ')).toBe(123_456);
    expect(parseMoneyCents('-12.30')).toBe(-1_230);
    expect(parseMoneyCents('(12.30)')).toBe(-1_230);
    expect(parseMoneyCents('12')).toBe(1_200);
    expect(parseMoneyCents('.5')).toBe(50);
    expect(parseMoneyCents('0.005')).toBe(1); // half up once
    expect(parseMoneyCents('0.0049')).toBe(0);
    expect(parseMoneyCents('-0.005')).toBe(-1);
    for (const bad of ['', 'abc', '12.3.4', '1,23.00', 'N/A', '12a', '.', '-', '1e5'])
      expect(parseMoneyCents(bad), bad).toBeNull();
    expect(parseCount('1,204')).toBe(1_204);
    expect(parseCount('12')).toBe(12);
    expect(parseCount('1.5')).toBeNull();
    expect(parseCount('x')).toBeNull();
  });

  it('formats cents, shares and months', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatBps(2_000)).toBe('20%');
    expect(formatBps(1_250)).toBe('12.5%');
    expect(monthLabel('2026-10')).toBe('October 2026');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(commissionMessages.statementReadySubject('2026-10')).toBe('Your statement for October 2026 is published');
    expect(commissionMessages.residualsPaidNote('2026-12')).toBe('Residuals for December 2026 are paid in January 2027');
    expect(commissionMessages.notANumber(14, 'Net Revenue', 'abc')).toBe('Row 14, column "Net Revenue": "abc" is not a number');
  });
});

describe('requests', () => {
  it('needs a description and a non-zero amount for a manual line', () => {
    const result = createLineRequest.safeParse({ partner_id: 3, month: '2026-10', amount_cents: 0, description: '  ' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toContainEqual(['description', commissionMessages.descriptionRequired]);
    expect(messages).toContainEqual(['amount_cents', commissionMessages.amountNotZero]);
    expect(createLineRequest.parse({ partner_id: 3, month: '2026-10', amount_cents: -250, description: 'Refund' }).kind).toBe(
      'adjustment',
    );
  });

  it('needs the MID, volume and net revenue columns mapped', () => {
    const result = columnMappingSchema.safeParse({ mid: 'Merchant ID' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['volume', 'net_revenue']);
  });

  it('checks a plan and a payment', () => {
    expect(
      commissionPlanSchema.safeParse({
        bonus_cents: 1.5,
        bonus_min_volume_cents: 0,
        clawback_days: 90,
        residual_share_bps: 10_001,
        min_payout_cents: 0,
      }).success,
    ).toBe(false);
    const paid = markPaidRequest.safeParse({ statement_ids: [], paid_on: '2026-13-01', reference: '' });
    expect(paid.success).toBe(false);
    const fields = paid.error!.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['statement_ids', 'paid_on', 'method', 'reference']));
  });
});
