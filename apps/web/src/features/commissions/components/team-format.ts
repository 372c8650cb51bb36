import type { UserStatus } from '@portal/contract';

// Team screens (issue 21): how a member's account status reads.

export const memberStatusLabels: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  pending_approval: 'Pending approval',
  disabled: 'Disabled',
};
/** "Level 1" is the partner's own recruits; deeper levels are their recruits' recruits. */
export const levelLabel = (level: number) => (level === 1 ? 'Direct' : `Level ${level}`);
