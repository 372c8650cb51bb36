import { useQuery } from '@tanstack/react-query';
import type { applicationQuestionsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';

/** GET /application-questions: what sign-up asks (none unless Registration Mode is approval). */
export const useSignUpQuestions = (enabled: boolean) =>
  useQuery({
    queryKey: ['application-questions', 'public'],
    queryFn: () => getData<typeof applicationQuestionsResponse>(api.get('/application-questions')),
    enabled,
    staleTime: 5 * 60_000,
  });
