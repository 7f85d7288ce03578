import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { Follow, FollowAcceptance, FollowersQuery, FollowRequest } from './follower.ts';

const a = '6b1f1f7e-3c1d-4b0a-9a43-0c7f3c2c9d10';
const b = '0f20ef6f-00fc-55db-95dd-767f00b5b645';

describe('follower schemas', () => {
  it('accepts a follow in either status and refuses others', () => {
    expect(Value.Check(Follow, { id: a, follower_id: a, followed_id: b, status: 'pending' })).toBe(true);
    expect(Value.Check(Follow, { id: a, follower_id: a, followed_id: b, status: 'following' })).toBe(true);
    expect(Value.Check(Follow, { id: a, follower_id: a, followed_id: b, status: 'blocked' })).toBe(false);
  });

  it('needs a profile id to follow and only accepts status following', () => {
    expect(Value.Check(FollowRequest, { followed: b })).toBe(true);
    expect(Value.Check(FollowRequest, { followed: 'me' })).toBe(false);
    expect(Value.Check(FollowRequest, {})).toBe(false);
    expect(Value.Check(FollowAcceptance, { status: 'following' })).toBe(true);
    expect(Value.Check(FollowAcceptance, { status: 'pending' })).toBe(false);
  });

  it('bounds the listing limit', () => {
    expect(Value.Check(FollowersQuery, { followed: a, limit: 500 })).toBe(true);
    expect(Value.Check(FollowersQuery, { followed: a, limit: 501 })).toBe(false);
    expect(Value.Check(FollowersQuery, { follower: a, status: 'nope' })).toBe(false);
  });
});
