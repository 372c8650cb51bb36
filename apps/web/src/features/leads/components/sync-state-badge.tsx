import { syncStateLabels, type SyncState } from '@portal/contract';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<SyncState, BadgeTone> = { pending: 'amber', synced: 'green', failed: 'red', skipped: 'slate' };

export function SyncStateBadge({ state }: { state: SyncState }) {
  return <Badge tone={tones[state]}>{syncStateLabels[state]}</Badge>;
}
