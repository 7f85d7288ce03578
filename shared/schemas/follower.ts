// Follower relationships between profiles: created pending or following, accepted by PATCH,
// and removed by DELETE (which serves as cancel, reject and unfollow).
import { Type, type Static } from 'typebox';
import { Uuid } from './common.ts';

export const FOLLOW_STATUSES = ['following', 'pending'] as const;
export type FollowStatus = (typeof FOLLOW_STATUSES)[number];

export const FollowStatusSchema = Type.Unsafe<FollowStatus>({ type: 'string', enum: [...FOLLOW_STATUSES] });

export const Follow = Type.Object({
  id: Uuid,
  follower_id: Uuid,
  followed_id: Uuid,
  status: FollowStatusSchema,
});
export type Follow = Static<typeof Follow>;

/** POST /followers body: the caller becomes the follower. */
export const FollowRequest = Type.Object({ followed: Uuid });
export type FollowRequest = Static<typeof FollowRequest>;

/** PATCH /followers/{id} body: the only transition is pending -> following. */
export const FollowAcceptance = Type.Object({ status: Type.Literal('following') });
export type FollowAcceptance = Static<typeof FollowAcceptance>;

/** GET /followers: followed=<id> lists that profile's followers, follower=<id> whom it follows. */
export const FollowersQuery = Type.Object({
  followed: Type.Optional(Uuid),
  follower: Type.Optional(Uuid),
  status: Type.Optional(FollowStatusSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
});
export type FollowersQuery = Static<typeof FollowersQuery>;
