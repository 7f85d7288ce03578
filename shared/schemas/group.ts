// Groups (v1 and v2 share the resource), their members and v2 invitations.
import { Type, type Static } from 'typebox';
import { IsoTimestamp, Nullable, PhotoUrls, Uuid } from './common.ts';

const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });

export const GROUP_ACCESS_LEVELS = ['public', 'private', 'invite_only'] as const;
export type GroupAccessLevel = (typeof GROUP_ACCESS_LEVELS)[number];

export const GROUP_ROLES = ['owner', 'admin', 'normal', 'follower', 'invited'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** A v1 membership listing also shows `user`, and existing clients see `member` beside `normal`. */
export const V1_MEMBERSHIP_ROLES = [...GROUP_ROLES, 'user', 'member'] as const;
export type V1MembershipRole = (typeof V1_MEMBERSHIP_ROLES)[number];

export const GroupAccessLevelSchema = oneOf(GROUP_ACCESS_LEVELS);
export const GroupRoleSchema = oneOf(V1_MEMBERSHIP_ROLES);

/** An e-mail address as invitations, submissions and dataset contributors carry it (RFC 5321 length). */
export const EmailAddress = Type.String({ format: 'email', minLength: 3, maxLength: 254 });

export const groupFieldSchemas = {
  name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }), // bound chosen here: spec shows none; not only white space
  description: Type.String({ maxLength: 10000 }), // bound chosen here: spec shows none
  access_level: GroupAccessLevelSchema,
  webpage: Type.String({ maxLength: 2000 }), // bound chosen here: spec shows none
  disciplines: Type.Array(Type.String({ maxLength: 255 }), { maxItems: 100 }), // bound chosen here: spec shows none
  tags: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }), // bound chosen here: spec shows none
} as const;

export const Group = Type.Object({
  id: Uuid,
  link: Type.Optional(Type.String()),
  owning_profile_id: Type.Optional(Type.String()),
  access_level: Type.Optional(GroupAccessLevelSchema),
  created: Type.Optional(IsoTimestamp),
  name: groupFieldSchemas.name,
  description: Type.Optional(groupFieldSchemas.description),
  photo: Type.Optional(PhotoUrls),
  webpage: Type.Optional(groupFieldSchemas.webpage),
  disciplines: Type.Optional(groupFieldSchemas.disciplines),
  tags: Type.Optional(groupFieldSchemas.tags),
  /** The caller's role in the group. */
  role: Type.Optional(GroupRoleSchema),
  /** Only on a v2 create response. */
  invite_only: Type.Optional(Type.Boolean()),
  public: Type.Optional(Type.Boolean()),
});
export type Group = Static<typeof Group>;

/** POST /groups/v2 body. */
export const GroupCreate = Type.Object({
  name: groupFieldSchemas.name,
  description: Type.Optional(groupFieldSchemas.description),
  access_level: Type.Optional(GroupAccessLevelSchema),
  disciplines: Type.Optional(groupFieldSchemas.disciplines),
  tags: Type.Optional(groupFieldSchemas.tags),
  webpage: Type.Optional(groupFieldSchemas.webpage),
}, { additionalProperties: false });
export type GroupCreate = Static<typeof GroupCreate>;

/** PATCH /groups/v2/{id} body: null clears a field (the name cannot be cleared). */
export const GroupPatch = Type.Object({
  name: Type.Optional(groupFieldSchemas.name),
  description: Type.Optional(Nullable(groupFieldSchemas.description)),
  access_level: Type.Optional(GroupAccessLevelSchema),
  disciplines: Type.Optional(Nullable(groupFieldSchemas.disciplines)),
  tags: Type.Optional(Nullable(groupFieldSchemas.tags)),
  webpage: Type.Optional(Nullable(groupFieldSchemas.webpage)),
}, { additionalProperties: false });
export type GroupPatch = Static<typeof GroupPatch>;

export const GroupMember = Type.Object({
  profile_id: Uuid,
  role: GroupRoleSchema,
  joined: Type.Optional(IsoTimestamp),
});
export type GroupMember = Static<typeof GroupMember>;

/** Roles a PATCH of a membership may set: the spec shows `admin`; `normal` (demotion) is chosen here. */
export const MEMBERSHIP_CHANGES = ['admin', 'normal'] as const;
export type MembershipChange = (typeof MEMBERSHIP_CHANGES)[number];

/** PATCH /groups/v2/{id}/members/{profile_id} body. */
export const GroupMembershipPatch = Type.Object({ membership: oneOf(MEMBERSHIP_CHANGES) }, { additionalProperties: false });
export type GroupMembershipPatch = Static<typeof GroupMembershipPatch>;

/**
 * What the service accepts in that PATCH: besides admin and normal, `owner` hands the group
 * over (owner only; the previous owner stays on as admin), so that an owner can leave.
 */
export const MEMBER_ROLE_CHANGES = [...MEMBERSHIP_CHANGES, 'owner'] as const;
export const GroupMemberRolePatch = Type.Object({ membership: oneOf(MEMBER_ROLE_CHANGES) }, { additionalProperties: false });
export type GroupMemberRolePatch = Static<typeof GroupMemberRolePatch>;

/** SENT and CREATED are the values seen; the others name the outcomes of the accept/decline/revoke actions. */
export const INVITATION_STATUSES = ['CREATED', 'SENT', 'ACCEPTED', 'DECLINED', 'REVOKED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

const GroupMessageText = Type.String({ maxLength: 2000 }); // bound chosen here: spec shows none

export const GroupInvitation = Type.Object({
  invitation_uuid: Type.String(),
  group_uuid: Type.String(),
  /** Present when the invitee has a profile. */
  invitee_profile_uuid: Type.Optional(Type.String()),
  invitee_name: Type.Optional(Type.String()),
  invitee_email: Type.Optional(Type.String()),
  status: oneOf(INVITATION_STATUSES),
  sent: Type.Optional(IsoTimestamp),
  message: Type.Optional(GroupMessageText),
});
export type GroupInvitation = Static<typeof GroupInvitation>;

/** POST /groups/v2/{id}/invitations body. */
export const GroupInvitationRequest = Type.Object({
  recipients: Type.Array(Type.Object({ email: EmailAddress }), { minItems: 1, maxItems: 100 }), // bound chosen here: spec shows none
  message: Type.Optional(GroupMessageText),
});
export type GroupInvitationRequest = Static<typeof GroupInvitationRequest>;

/**
 * What the service accepts as that body: an address that is not one is that recipient's
 * error_message in the per-recipient results, not a 400 for the whole request.
 */
export const GroupInvitationRequestBody = Type.Object(
  {
    recipients: Type.Array(Type.Object({ email: Type.String({ maxLength: 1000 }) }, { additionalProperties: false }), { minItems: 1, maxItems: 100 }),
    message: Type.Optional(GroupMessageText),
  },
  { additionalProperties: false },
);
export type GroupInvitationRequestBody = Static<typeof GroupInvitationRequestBody>;

/** One entry per recipient: invitation_uuid, or error_message, or invitation_uuid plus warning_message. */
export const GroupInvitationResult = Type.Object({
  email: Type.String(),
  invitation_uuid: Type.Optional(Type.String()),
  error_message: Type.Optional(Type.String()),
  warning_message: Type.Optional(Type.String()),
});
export type GroupInvitationResult = Static<typeof GroupInvitationResult>;

/** Body of a join request and of the answer to one. */
export const GroupMessage = Type.Object({ message: Type.Optional(GroupMessageText) }, { additionalProperties: false });
export type GroupMessage = Static<typeof GroupMessage>;

/** GET /groups/v2 takes limit as a string in the spec: default 20, maximum 500. */
export const GroupListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
});
export type GroupListQuery = Static<typeof GroupListQuery>;

export const GroupMembersQuery = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 255 })), // bound chosen here: spec shows none
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
});
export type GroupMembersQuery = Static<typeof GroupMembersQuery>;
