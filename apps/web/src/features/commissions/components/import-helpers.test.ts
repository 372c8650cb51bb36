import { describe, expect, it } from 'vitest';
import { defaultCommissionPlan } from '@portal/contract';
import { guessMapping, readCsvHeader } from './csv-header';
import { formToPlan, planFormSchema, planToForm } from './plan-fields';

const fileOf = (text: string) => new File([text], 'report.csv', { type: 'text/csv' });

describe('readCsvHeader', () => {
  it('reads quoted headers, doubled quotes and a byte-order mark, and stops at the first line', async () => {
    const headers = await readCsvHeader(fileOf('\uFEFFMerchant ID,"DBA, Name","Say ""hi""",$ Sales\r\n1,"a,b",x,2\n'));
    expect(headers).toEqual(['Merchant ID', 'DBA, Name', 'Say "hi"', '$ Sales']);
  });

  it('reads a semicolon or a tab report in columns, as the server does, commas staying inside cells', async () => {
    const headers = ['Merchant ID', 'DBA Name', '# Sales', '$ Sales', 'Net Revenue'];
    const row = ['MID-1', 'Oak Street Pizza, Downtown', '120', '12,500.00', '234.56'];
    for (const delimiter of [';', '\t']) {
      const text = `${headers.join(delimiter)}\r\n${row.join(delimiter)}\r\n${row.join(delimiter)}\r\n`;
      expect(await readCsvHeader(fileOf(text)), JSON.stringify(delimiter)).toEqual(headers);
    }
  });

  it('skips blank lines before the header, as the server does', async () => {
    expect(await readCsvHeader(fileOf('\n\nMID,Volume\n1,2\n'))).toEqual(['MID', 'Volume']);
  });
});

describe('guessMapping', () => {
  it('maps a Qualpay-style header to every column', () => {
    expect(
      guessMapping(['Merchant ID', 'DBA Name', 'Billing Month', '# Sales', '$ Sales', '$ Income', '$ Expenses', 'Net Revenue']),
    ).toEqual({
      mid: 'Merchant ID',
      business: 'DBA Name',
      transactions: '# Sales',
      volume: '$ Sales',
      income: '$ Income',
      costs: '$ Expenses',
      net_revenue: 'Net Revenue',
    });
  });

  it('leaves a column it cannot find unmapped', () => {
    expect(guessMapping(['MID', 'Volume', 'Partner Net Rev'])).toEqual({
      mid: 'MID',
      business: null,
      transactions: null,
      volume: 'Volume',
      income: null,
      costs: null,
      net_revenue: 'Partner Net Rev',
    });
  });
});

describe('plan form', () => {
  it('turns dollars and percent into cents and basis points exactly, and back', () => {
    // Read back, the fields are as typed but for the dollar amounts, which come back in their own format.
    const asTyped = {
      clawback_days: '365',
      residual_share: '12.5',
      min_payout: '25.00',
      override_levels: [{ rate: '10', end_month: '', rate_after: '' }],
      override_basis: 'share_of_net',
      override_funding: 'house',
      negative_net: 'floor_zero',
    } as const;
    const values = planFormSchema.parse({ bonus: '$1,250.5', bonus_min_volume: '5000', ...asTyped });
    const base = { ...defaultCommissionPlan };
    const plan = formToPlan(values, base);
    expect(plan).toEqual({
      ...base,
      negative_net: 'floor_zero',
      bonus_cents: 125_050,
      bonus_min_volume_cents: 500_000,
      clawback_days: 365,
      residual_share_bps: 1250,
      min_payout_cents: 2500,
      override_levels: [{ rate_bps: 1_000, end_month: null, rate_after_bps: null }],
    });
    expect(planToForm(plan)).toEqual({ bonus: '1250.50', bonus_min_volume: '5000.00', ...asTyped });
  });

  it('refuses a share over 100 %, a negative amount and a fraction of a day', () => {
    const result = planFormSchema.safeParse({
      bonus: '-5',
      bonus_min_volume: '0',
      clawback_days: '1.5',
      residual_share: '100.01',
      min_payout: '0',
      override_levels: [],
      override_basis: 'share_of_net',
      override_funding: 'house',
      negative_net: 'round_up',
    });
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((issue) => issue.path[0]));
    expect(fields).toEqual(new Set(['bonus', 'clawback_days', 'residual_share', 'negative_net']));
  });
});
