// The groups view's way to the core: the groups commands (all answered by the service
// through the core), by name.
import type { BridgeClient } from '../../bridge/bridgeClient.ts';
import { command, useAreaStore } from '../../state/areaCommands.ts';

export function createGroupsStore(bridge: BridgeClient) {
  return {
    list: command(bridge, 'groups.list'),
    popular: command(bridge, 'groups.popular'),
    create: command(bridge, 'groups.create'),
    update: command(bridge, 'groups.update'),
    delete: command(bridge, 'groups.delete'),
    members: command(bridge, 'groups.members'),
    invite: command(bridge, 'groups.invite'),
    invitations: command(bridge, 'groups.invitations'),
    myInvitations: command(bridge, 'groups.myInvitations'),
    answerInvitation: command(bridge, 'groups.answerInvitation'),
    revokeInvitation: command(bridge, 'groups.revokeInvitation'),
    askToJoin: command(bridge, 'groups.askToJoin'),
    joinRequests: command(bridge, 'groups.joinRequests'),
    answerJoinRequest: command(bridge, 'groups.answerJoinRequest'),
    join: command(bridge, 'groups.join'),
    leave: command(bridge, 'groups.leave'),
    follow: command(bridge, 'groups.follow'),
    unfollow: command(bridge, 'groups.unfollow'),
    setRole: command(bridge, 'groups.setRole'),
    removeMember: command(bridge, 'groups.removeMember'),
  };
}

export type GroupsStore = ReturnType<typeof createGroupsStore>;

export function useGroupsStore(): GroupsStore {
  return useAreaStore(createGroupsStore);
}
