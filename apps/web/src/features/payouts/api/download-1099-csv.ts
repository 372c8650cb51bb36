import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api/download';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/tax/1099.csv?year=: the e-filing export (full TINs; audited by the server). */
export const download1099Csv = (year: number) =>
  downloadFile(apiPaths.payouts.tax1099Csv, { year: String(year) }, `1099-nec-${year}.csv`);

export const useDownload1099Csv = () => useMutation({ mutationFn: download1099Csv });
