import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { Submission, SubmissionCreationRequest, SubmissionDatasetsQuery, SubmissionSystemName } from './submission.ts';

describe('submission schemas', () => {
  const creation = {
    id: 'MS-2024-001', owner: { email: 'author@uni.org' },
    submission_data: { title: 'Bees', authors: [{ first_name: 'A', last_name: 'B', email: 'a@b.org', webuser_id: 7 }] },
  };

  it('accepts the creation body and refuses one without id or with a bad owner email', () => {
    expect(Value.Check(SubmissionCreationRequest, creation)).toBe(true);
    expect(Value.Check(SubmissionCreationRequest, { ...creation, id: '' })).toBe(false);
    expect(Value.Check(SubmissionCreationRequest, { owner: creation.owner })).toBe(false);
    expect(Value.Check(SubmissionCreationRequest, { ...creation, owner: { email: 'nobody' } })).toBe(false);
    expect(Value.Check(SubmissionCreationRequest, { ...creation, submission_data: 'text' })).toBe(false);
  });

  it('accepts a submission response with its token and datasets', () => {
    expect(Value.Check(Submission, { ...creation, submission_token: 't0k', datasets: [{ id: 'd1', version: 1 }] })).toBe(true);
    expect(Value.Check(Submission, { ...creation, datasets: [{ version: 1 }] })).toBe(false);
  });

  it('bounds the submission system name and needs a token on dataset calls', () => {
    expect(Value.Check(SubmissionSystemName, 'editorial-manager')).toBe(true);
    expect(Value.Check(SubmissionSystemName, '../etc')).toBe(false);
    expect(Value.Check(SubmissionDatasetsQuery, { submission_token: 't' })).toBe(true);
    expect(Value.Check(SubmissionDatasetsQuery, { fields: 'id' })).toBe(false);
  });
});
