import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api/download';
import { apiPaths } from '@/lib/api/paths';

interface DownloadInput {
  id: string;
  format: 'csv' | 'pdf';
  month: string;
}

/** GET /commissions/statements/{id}.csv|.pdf (the PDF is made on the server), saved as a file. */
export const downloadStatement = ({ id, format, month }: DownloadInput) =>
  downloadFile(apiPaths.commissions.statementFile(id, format), {}, `statement-${month}.${format}`);

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement });
