import type { ProposalRequest } from '@portal/contract';
import { downloadPostedFile } from '@/lib/api/download';
import { apiPaths } from '@/lib/api/paths';

/** POST /proposals: the PDF, saved under the server's file name. */
export function downloadProposal(body: ProposalRequest): Promise<void> {
  return downloadPostedFile(apiPaths.proposals, body, 'proposal.pdf');
}
