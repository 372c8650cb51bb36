import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api/download';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/payouts/batches/{id}/nacha, saved under the server's file name. */
export const downloadNacha = ({ id, month }: { id: string; month: string }) =>
  downloadFile(apiPaths.payouts.batchNacha(id), {}, `payouts-${month}.ach`);

export const useDownloadNacha = () => useMutation({ mutationFn: downloadNacha });
