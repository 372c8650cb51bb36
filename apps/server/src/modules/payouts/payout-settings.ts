/** The program's payout settings, read through the settings module (admins set them in Settings). */
export const settingKeys = {
  allowOutside: 'payouts.allow_outside',
  odfiRouting: 'payouts.odfi_routing',
  odfiName: 'payouts.odfi_name',
  companyName: 'payouts.company_name',
  companyId: 'payouts.company_id',
  thresholdPrefix: 'payouts.1099_threshold.',
} as const;
