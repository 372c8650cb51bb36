import { useQuery } from '@tanstack/react-query';
import type { applicationAnswersResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';

/** GET /admin/users/{id}/application: what the applicant answered when signing up (issue 23 §5). */
export const useApplicationAnswers = (userId: number) =>
  useQuery({
    queryKey: ['application-answers', userId],
    queryFn: () =>
      getData<typeof applicationAnswersResponse>(api.get(`/admin/users/${encodeURIComponent(String(userId))}/application`)),
  });
