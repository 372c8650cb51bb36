// zod-free on purpose: screens that only show statuses (badges, the dashboard) must not pull zod in.
/** The seven statuses of a referral, in pipeline order. */
export const leadStatuses = ['new', 'contacted', 'analysis', 'application', 'approved', 'lost', 'unqualified'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  analysis: 'Analysis in progress',
  application: 'Application',
  approved: 'Approved merchant',
  lost: 'Closed – not moving forward',
  unqualified: 'Not qualified',
};
