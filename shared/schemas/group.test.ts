import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  Group, GroupCreate, GroupInvitation, GroupInvitationRequest, GroupInvitationResult, GroupMember,
  GroupMembershipPatch, GroupPatch, GROUP_ROLES, V1_MEMBERSHIP_ROLES,
} from './group.ts';

const id = '6b1f1f7e-3c1d-4b0a-9a43-0c7f3c2c9d10';

describe('group schemas', () => {
  it('accepts a v2 create response with the invite_only/public booleans', () => {
    const group = {
      id, name: 'Reading club', access_level: 'invite_only', role: 'owner', owning_profile_id: id,
      created: '2024-05-01T10:00:00.000Z', disciplines: ['Biology'], tags: ['ml'], invite_only: true, public: false,
      photo: { original: 'https://x/o.png', square: 'https://x/s.png' },
    };
    expect(Value.Check(Group, group)).toBe(true);
  });

  it('refuses an unknown access level and an unknown role', () => {
    expect(Value.Check(GroupCreate, { name: 'G', access_level: 'secret' })).toBe(false);
    expect(Value.Check(Group, { id, name: 'G', role: 'emperor' })).toBe(false);
    expect(Value.Check(GroupCreate, { name: 'G', access_level: 'private' })).toBe(true);
  });

  it('bounds the create body: name required and non-empty, tags bounded', () => {
    expect(Value.Check(GroupCreate, { description: 'no name' })).toBe(false);
    expect(Value.Check(GroupCreate, { name: '' })).toBe(false);
    expect(Value.Check(GroupCreate, { name: 'x'.repeat(256) })).toBe(false);
    expect(Value.Check(GroupCreate, { name: 'G', tags: ['x'.repeat(101)] })).toBe(false);
    expect(Value.Check(GroupCreate, { name: 'G', disciplines: ['A'], tags: ['t'], description: 'd' })).toBe(true);
  });

  it('lets a patch clear the description with null but not the name', () => {
    expect(Value.Check(GroupPatch, { description: null })).toBe(true);
    expect(Value.Check(GroupPatch, { name: null })).toBe(false);
  });

  it('knows the v1 membership roles user and member besides the five group roles', () => {
    expect(GROUP_ROLES).toEqual(['owner', 'admin', 'normal', 'follower', 'invited']);
    expect(Value.Check(GroupMember, { profile_id: id, role: 'user', joined: '2024-01-01T00:00:00Z' })).toBe(true);
    expect(Value.Check(GroupMember, { profile_id: id, role: 'member' })).toBe(true);
    expect(V1_MEMBERSHIP_ROLES).toContain('member');
    expect(Value.Check(GroupMember, { profile_id: 'not-a-uuid', role: 'admin' })).toBe(false);
    expect(Value.Check(GroupMembershipPatch, { membership: 'admin' })).toBe(true);
    expect(Value.Check(GroupMembershipPatch, { membership: 'owner' })).toBe(false);
  });

  it('checks invitations, invitation requests and per-recipient results', () => {
    expect(Value.Check(GroupInvitation, {
      invitation_uuid: id, group_uuid: id, invitee_email: 'a@b.org', invitee_name: 'A B', status: 'SENT',
      sent: '2024-01-01T00:00:00.000Z', message: 'join us',
    })).toBe(true);
    expect(Value.Check(GroupInvitation, { invitation_uuid: id, group_uuid: id, status: 'LOST' })).toBe(false);
    expect(Value.Check(GroupInvitationRequest, { recipients: [{ email: 'a@b.org' }], message: 'hi' })).toBe(true);
    expect(Value.Check(GroupInvitationRequest, { recipients: [] })).toBe(false);
    expect(Value.Check(GroupInvitationRequest, { recipients: [{ email: 'not an email' }] })).toBe(false);
    expect(Value.Check(GroupInvitationResult, { email: 'a@b.org', error_message: 'already a member' })).toBe(true);
    expect(Value.Check(GroupInvitationResult, { invitation_uuid: id })).toBe(false);
  });
});
