import { queryOptions, useQuery } from '@tanstack/react-query';
import type { reviewListResponse, ReviewStatus } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { payoutsKey } from './payouts-cache';

/** GET /admin/payouts/review: the queue, oldest first (the first 100; a queue rarely holds more). */
export const getReviews = (status: ReviewStatus) =>
  getData<typeof reviewListResponse>(api.get(apiPaths.payouts.review, { params: { status, limit: 100 } }));

export const reviewsQueryOptions = (status: ReviewStatus) =>
  queryOptions({ queryKey: [...payoutsKey, 'reviews', status], queryFn: () => getReviews(status) });

export const useReviews = (status: ReviewStatus) => useQuery(reviewsQueryOptions(status));
