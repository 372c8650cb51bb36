import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api/download';
import { apiPaths } from '@/lib/api/paths';

interface DownloadInput {
  id: string;
  format: 'csv' | 'pdf';
  name: string;
}

/** GET /admin/statements/{id}.csv|.pdf, saved as a file under the given name. */
export const downloadAdminStatement = ({ id, format, name }: DownloadInput) =>
  downloadFile(apiPaths.admin.statementFile(id, format), {}, `${name}.${format}`);

export const useDownloadAdminStatement = () => useMutation({ mutationFn: downloadAdminStatement });
