import type { UserStatus } from '@portal/contract';
import type { BadgeTone } from './ui/badge';

/** The badge colour of an account's status, the same on the user list and the team screens. */
export const userStatusTones: Record<UserStatus, BadgeTone> = {
  active: 'green',
  invited: 'blue',
  pending_approval: 'amber',
  disabled: 'red',
};
