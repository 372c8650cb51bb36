import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api/download';
import { apiPaths } from '@/lib/api/paths';

/** GET /users/payout-details/1099/{year}.pdf: the partner's copy. */
export const download1099 = (year: number) => downloadFile(apiPaths.payouts.partner1099(year), {}, `1099-nec-${year}.pdf`);

export const useDownload1099 = () => useMutation({ mutationFn: download1099 });
