/**
 * Examples of the admin routes an admin API key may call (issue #24 §2), for the public API's
 * description (plugins/public-api-docs.ts). Each is a body the route's schema accepts.
 */

const leadId = '3f0c9a52-8d1e-4f7a-9b1c-2a5d6e7f8a90';
const leadSummary = {
  id: leadId,
  business: 'Corner Bakery',
  contact: 'Maria Lopez',
  email: 'maria@cornerbakery.example',
  partner: { id: 42, name: 'Dana Reyes', email: 'dana@reyes-pos.example' },
  disabled_partner: null,
  source: 'landing_page',
  status: 'contacted',
  sync_state: 'synced',
  submitted_at: '2026-11-27T14:05:00.000Z',
  updated_at: '2026-11-28T09:12:00.000Z',
  owner: { id: 3, name: 'Sam Admin' },
};
const leadDetail = {
  ...leadSummary,
  first_name: 'Maria',
  last_name: 'Lopez',
  business_type: 'Restaurant',
  country_code: '+1',
  phone: '4155550123',
  notes: 'Two terminals',
  description: 'Two terminals, about $40,000 a month in card sales',
  referral_uuid: '8b1d2c3e-4f50-4a6b-9c7d-0e1f2a3b4c5d',
  mid: null,
  consent: {
    sms: true,
    sms_at: '2026-11-27T14:05:00.000Z',
    marketing: false,
    marketing_at: null,
    text_version: '2026-10-01',
    has_ip_hash: true,
  },
  estimate: null,
  crm: { id: '5843000000123456', note_id: null, last_error: null, attempts: 1 },
  allowed_moves: ['analysis', 'lost', 'unqualified'],
  events: [
    {
      id: 9001,
      kind: 'status',
      at: '2026-11-28T09:12:00.000Z',
      actor: 'Sam Admin',
      from_status: 'new',
      to_status: 'contacted',
      reason: null,
      note: 'Called, owner wants a proposal',
      visible_to_partner: true,
      data: null,
    },
  ],
};

const statement = {
  id: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d',
  partner_id: 42,
  partner_name: 'Dana Reyes',
  partner_email: 'dana@reyes-pos.example',
  month: '2026-10',
  status: 'published',
  merchants: 12,
  volume_cents: 48_500_000,
  residual_cents: 61_200,
  bonus_cents: 20_000,
  adjustment_cents: 0,
  override_cents: 0,
  total_cents: 81_200,
  currency: 'USD',
  published_at: '2026-11-05T16:00:00.000Z',
  paid_on: null,
  paid_method: null,
  paid_reference: null,
  held: null,
};

const importResult = (committed: boolean) => ({
  import_id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  status: committed ? 'committed' : 'draft',
  month: '2026-10',
  processor: 'Fiserv',
  dry_run: !committed,
  file: { name: 'fiserv-2026-10.csv', bytes: 18_432, rows: 212 },
  headers: ['MID', 'DBA', 'Transactions', 'Volume', 'Net Revenue'],
  mapping: { mid: 'MID', business: 'DBA', transactions: 'Transactions', volume: 'Volume', net_revenue: 'Net Revenue' },
  matched: [
    {
      row: 2,
      mid: '4445012345678',
      business: 'Corner Bakery',
      merchant_account_id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      partner_id: 42,
      partner_name: 'Dana Reyes',
      transactions: 1_204,
      volume_cents: 4_120_000,
      income_cents: null,
      costs_cents: null,
      net_revenue_cents: 10_300,
      share_bps: 3000,
      residual_cents: 3_090,
    },
  ],
  unmatched: [{ row: 57, mid: '4445099999999', business: 'Harbor Cafe', volume_cents: 950_000, net_revenue_cents: 2_100 }],
  duplicates: [],
  errors: [],
  totals: {
    rows: 212,
    matched: 211,
    unmatched: 1,
    ignored: 0,
    duplicates: 0,
    errors: 0,
    volume_cents: 812_400_000,
    net_revenue_cents: 2_031_000,
    residual_cents: 609_300,
  },
  replaces: null,
  blocked: null,
  lines_written: committed ? 211 : 0,
});

export const adminApiExamples = {
  leadList: {
    response: {
      status: 200,
      body: {
        status: 'success',
        data: {
          items: [leadSummary],
          next_cursor: null,
          counts: { new: 4, contacted: 1, analysis: 2, application: 1, approved: 9, lost: 3, unqualified: 0 },
          counts_capped: false,
          stale_after_days: 14,
          crm_configured: true,
        },
      },
    },
  },
  leadDetail: { response: { status: 200, body: { status: 'success', data: leadDetail } } },
  leadStatus: {
    request: {
      status: 'contacted',
      expected_status: 'new',
      note: 'Called, owner wants a proposal',
      note_visible_to_partner: true,
    },
    response: { status: 200, body: { status: 'success', message: 'Status updated', data: leadDetail } },
  },
  statements: {
    response: {
      status: 200,
      body: {
        status: 'success',
        data: {
          items: [statement],
          totals: {
            volume_cents: 48_500_000,
            residual_cents: 61_200,
            bonus_cents: 20_000,
            adjustment_cents: 0,
            override_cents: 0,
            total_cents: 81_200,
          },
          rolled_over: [{ partner_id: 57, partner_name: 'Lee Chen', total_cents: 1_850, min_payout_cents: 2_500 }],
        },
      },
    },
  },
  lines: {
    response: {
      status: 200,
      body: {
        status: 'success',
        data: {
          items: [
            {
              id: 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b',
              partner_id: 42,
              merchant_account_id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
              business: 'Corner Bakery',
              mid_last4: '5678',
              kind: 'residual',
              status: 'approved',
              reason: null,
              month: '2026-10',
              amount_cents: 3_090,
              volume_cents: 4_120_000,
              transactions: 1_204,
              net_revenue_cents: 10_300,
              share_bps: 3000,
              description: null,
              statement_id: statement.id,
              import_id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
              created_at: '2026-11-03T10:20:00.000Z',
            },
          ],
        },
      },
    },
  },
  importUpload: {
    multipart: {
      schema: {
        type: 'object',
        required: ['file', 'month', 'processor'],
        properties: {
          file: { type: 'string', format: 'binary', description: 'The residual report as CSV (UTF-8, up to 20 MB)' },
          month: { type: 'string', description: 'The report month, YYYY-MM' },
          processor: { type: 'string', description: 'The processor the report comes from' },
          mapping: {
            type: 'string',
            description: 'JSON: report column per field (mid, volume, net_revenue required); the saved mapping if left out',
          },
          dry_run: { type: 'string', description: '`true` (the default) checks without writing; `false` commits' },
        },
      },
      example: {
        file: 'fiserv-2026-10.csv (the file itself)',
        month: '2026-10',
        processor: 'Fiserv',
        mapping: '{"mid":"MID","business":"DBA","volume":"Volume","net_revenue":"Net Revenue"}',
        dry_run: 'true',
      },
    },
    response: { status: 200, body: { status: 'success', data: importResult(false) } },
  },
  importCommit: {
    response: {
      status: 200,
      body: { status: 'success', message: 'Import committed: 211 residual lines', data: importResult(true) },
    },
  },
} as const;
