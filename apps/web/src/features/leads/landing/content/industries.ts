/** Merchant categories offered in the Industry select; the label is what the lead records. */
export const industries: readonly string[] = [
  'Restaurant',
  'Bar & Nightlife',
  'Retail',
  'Grocery & Specialty Food',
  'Convenience Store',
  'Gas Station',
  'Salon & Spa',
  'Fitness & Wellness',
  'Auto Repair',
  'Medical & Dental',
  'Professional Services',
  'Home Services',
  'E-commerce',
  'Hotel & Lodging',
  'Other',
];
