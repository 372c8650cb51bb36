import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { pageLimits, type conflictListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { cursorPaging } from '@/lib/api/cursor-paging';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

export type ConflictStatus = 'open' | 'decided';

/** GET /admin/conflicts: newest first. */
export const getConflicts = (status: ConflictStatus, cursor?: string) =>
  getData<typeof conflictListResponse>(
    api.get(apiPaths.admin.conflicts, { params: { status, cursor, limit: pageLimits.default } }),
  );

export const conflictsQueryOptions = (status: ConflictStatus) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'conflicts', status],
    queryFn: ({ pageParam }) => getConflicts(status, pageParam),
    ...cursorPaging,
  });

export const useConflicts = (status: ConflictStatus) => useInfiniteQuery(conflictsQueryOptions(status));
