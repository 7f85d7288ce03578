// Submissions: a journal workflow (submission system) registers an article submission and,
// with the submission token, adds, lists and unlinks draft datasets for its author.
import { Type, type Static } from 'typebox';
import { EmailAddress } from './group.ts';
import { DatasetCreationRequest } from './dataset.ts';

/** Path segment naming the submission system. */
export const SubmissionSystemName = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }); // bound chosen here: spec shows none

export const SubmissionOwner = Type.Object({ email: EmailAddress });
export type SubmissionOwner = Static<typeof SubmissionOwner>;

/**
 * Free JSON specific to the submission system (an example carries title and authors with
 * first_name, last_name, email, webuser_id).
 */
export const SubmissionData = Type.Record(Type.String(), Type.Unknown(), { maxProperties: 200 }); // bound chosen here: spec shows none
export type SubmissionData = Static<typeof SubmissionData>;

const SubmissionId = Type.String({ minLength: 1, maxLength: 255 }); // bound chosen here: spec shows none

/** POST /datasets/submissions/{system} body; PATCH of a submission takes the same shape. */
export const SubmissionCreationRequest = Type.Object({
  /** Unique within the submission system. */
  id: SubmissionId,
  owner: SubmissionOwner,
  submission_data: Type.Optional(SubmissionData),
});
export type SubmissionCreationRequest = Static<typeof SubmissionCreationRequest>;

export const SubmissionModificationRequest = SubmissionCreationRequest;
export type SubmissionModificationRequest = SubmissionCreationRequest;

export const SubmissionDatasetRef = Type.Object({
  id: Type.String(),
  version: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String()])),
});
export type SubmissionDatasetRef = Static<typeof SubmissionDatasetRef>;

export const Submission = Type.Object({
  id: SubmissionId,
  owner: Type.Optional(SubmissionOwner),
  submission_data: Type.Optional(SubmissionData),
  /** Lets other clients, on behalf of the author, add, modify and unlink datasets. */
  submission_token: Type.Optional(Type.String()),
  datasets: Type.Optional(Type.Array(SubmissionDatasetRef)),
});
export type Submission = Static<typeof Submission>;

/** Query of the calls that act on a submission's datasets. */
export const SubmissionDatasetsQuery = Type.Object({
  submission_token: Type.String({ minLength: 1, maxLength: 255 }),
  fields: Type.Optional(Type.String({ maxLength: 2000 })), // bound chosen here: spec shows none
});
export type SubmissionDatasetsQuery = Static<typeof SubmissionDatasetsQuery>;

/**
 * POST /datasets/submissions/{system}/{id}/datasets body: a dataset creation request whose
 * name may be left out (the spec's example sends description and files); the draft is then
 * named after the submission.
 */
export const SubmissionDatasetCreationRequest = Type.Object({
  ...DatasetCreationRequest.properties,
  name: Type.Optional(DatasetCreationRequest.properties.name),
});
export type SubmissionDatasetCreationRequest = Static<typeof SubmissionDatasetCreationRequest>;
