import type { ReviewStatus } from '@portal/contract';
import type { BadgeTone } from '@/components/ui/badge';

export const reviewLabels: Record<ReviewStatus, string> = { submitted: 'In review', approved: 'Approved', rejected: 'Rejected' };
export const reviewTones: Record<ReviewStatus, BadgeTone> = { submitted: 'blue', approved: 'green', rejected: 'red' };
