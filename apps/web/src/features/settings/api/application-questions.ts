import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { applicationQuestionsResponse, SaveApplicationQuestionsRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';

const path = '/admin/application-questions';

const adminQuestions = () =>
  queryOptions({
    queryKey: ['application-questions', 'admin'],
    queryFn: () => getData<typeof applicationQuestionsResponse>(api.get(path)),
  });
/** GET /admin/application-questions: the questions sign-up asks in approval mode, in order. */
export const useAdminQuestions = () => useQuery(adminQuestions());

/** PUT /admin/application-questions: the whole list, in order. */
export function useSaveQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveApplicationQuestionsRequest) => getData<typeof applicationQuestionsResponse>(api.put(path, body)),
    onSuccess: (data) => {
      queryClient.setQueryData(adminQuestions().queryKey, data);
      void queryClient.invalidateQueries({ queryKey: ['application-questions', 'public'] });
    },
  });
}
