// How groups' access levels and roles read in the interface.
import type { GroupAccessLevel } from '../../../shared/bridge/contract.ts';

export const ACCESS_LABELS: Record<GroupAccessLevel, { label: string; hint: string }> = {
  private: { label: 'Private', hint: 'Only members see it; people join by invitation.' },
  invite_only: { label: 'Invite only', hint: 'Anyone can see and follow it; people ask to join or are invited.' },
  public: { label: 'Public', hint: 'Anyone can see, follow or join it.' },
};

export const ROLE_LABELS: Record<string, string> = {
  owner: 'Owner', admin: 'Admin', normal: 'Member', member: 'Member', follower: 'Follower', invited: 'Invited', user: 'Member',
};

export const roleLabel = (role: string | undefined): string => (role ? ROLE_LABELS[role] ?? role : 'Not a member');
export const isManager = (role: string | undefined): boolean => role === 'owner' || role === 'admin';
export const isMember = (role: string | undefined): boolean => role === 'owner' || role === 'admin' || role === 'normal' || role === 'member';
