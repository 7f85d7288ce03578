import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  ContentDetails, DATASET_CATEGORIES, DATASET_CATEGORY_LABELS, DatasetCategory, DatasetCreationRequest, DatasetPatch,
  DraftDataset, DraftListQuery, isSingleFilePatch, PublicDataset, PublicDatasetList, PublishValidationError,
} from './dataset.ts';

const sha256 = 'a'.repeat(64);

const publicDataset = {
  id: 'ds1', version: 2, name: 'Bee counts', description: 'Counts of bees', publish_date: '2024-05-01T10:00:00.000Z',
  files: [{
    filename: 'counts.csv', name: 'Counts', description: 'raw',
    content_details: {
      id: 'c1', sha256_hash: sha256, content_type: 'text/csv', size: 120, created_date: '2024-05-01T10:00:00.000Z',
      status: 'claimed', download_url: 'https://x/d', download_expiry_time: 1714557600, view_url: 'https://x/v',
    },
  }],
  categories: [{ id: DATASET_CATEGORIES[0]!.id, label: 'Applied Sciences' }],
  contributors: [{ first_name: 'A', last_name: 'B', contribution: 'collection', institution: { name: 'U' } }],
  doi: { id: '10.17632/ds1.2', status: 'allocated' },
  versions: [{ version: 1, publish_date: '2024-01-01T00:00:00.000Z', available: true }, { version: '2', available: true }],
  data_licence: { id: 'l1', short_name: 'CC0 1.0', full_name: 'Public Domain Dedication', url: 'https://cc/zero' },
  articles: [{ id: 'a1', title: 'Bees', doi: '10.1/b', journal_id: 'j1' }],
};

describe('dataset schemas', () => {
  it('accepts a public dataset, a list of them, and a trimmed one holding only the id', () => {
    expect(Value.Check(PublicDataset, publicDataset)).toBe(true);
    expect(Value.Check(PublicDatasetList, { results: [publicDataset, { id: 'ds2' }] })).toBe(true);
    expect(Value.Check(PublicDataset, {})).toBe(false);
  });

  it('has exactly the six category labels', () => {
    expect(DATASET_CATEGORY_LABELS).toEqual([
      'Applied Sciences', 'Arts and Humanities', 'Health Sciences', 'Mathematics', 'Natural Sciences', 'Social Sciences',
    ]);
    expect(Value.Check(DatasetCategory, { label: 'Mathematics' })).toBe(true);
    expect(Value.Check(DatasetCategory, { label: 'Astrology' })).toBe(false);
    expect(Value.Check(DatasetCategory, { label: 'mathematics' })).toBe(false);
    expect(new Set(DATASET_CATEGORIES.map((c) => c.id)).size).toBe(6);
  });

  it('refuses unknown content and DOI statuses and malformed hashes', () => {
    expect(Value.Check(ContentDetails, { id: 'c', status: 'not_uploaded' })).toBe(true);
    expect(Value.Check(ContentDetails, { id: 'c', status: 'lost' })).toBe(false);
    expect(Value.Check(ContentDetails, { id: 'c', sha256_hash: 'xyz' })).toBe(false);
    expect(Value.Check(ContentDetails, { id: 'c', size: -1 })).toBe(false);
    expect(Value.Check(PublicDataset, { ...publicDataset, doi: { id: 'x', status: 'findable' } })).toBe(false);
  });

  it('accepts drafts with both permission sets and refuses unknown roles or permissions', () => {
    const draft = {
      id: 'd1', name: 'Draft', version: 3, owner_id: 'p1', created_date: '2024-01-01T00:00:00Z',
      last_modification_date: '2024-01-02T00:00:00Z', access_code: 'abc', doi: { id: '10.1/d1.3', status: 'reserved' },
      permissions: ['Read', 'ReadAccessCode', 'Update', 'Publish'], roles: ['owner', 'author'], embargo_date: '2030-01-01T00:00:00Z',
    };
    expect(Value.Check(DraftDataset, draft)).toBe(true);
    expect(Value.Check(DraftDataset, { ...draft, permissions: ['read_dataset', 'publish_dataset', 'delete_draft'] })).toBe(true);
    expect(Value.Check(DraftDataset, { ...draft, permissions: ['Delete'] })).toBe(false);
    expect(Value.Check(DraftDataset, { ...draft, roles: ['reviewer'] })).toBe(false);
    expect(Value.Check(DraftListQuery, { roles: 'owner,collaborator' })).toBe(true);
    expect(Value.Check(DraftListQuery, { roles: 'owner,boss' })).toBe(false);
  });

  it('needs a name to create a draft', () => {
    expect(Value.Check(DatasetCreationRequest, { name: 'New', description: 'd' })).toBe(true);
    expect(Value.Check(DatasetCreationRequest, { description: 'd' })).toBe(false);
    expect(Value.Check(DatasetCreationRequest, { name: '' })).toBe(false);
    expect(Value.Check(DatasetCreationRequest, { name: 'x'.repeat(256) })).toBe(false);
  });

  it('takes a patch either as fields (null clears) or as one file at the top level', () => {
    const fields = { name: 'N', description: null, data_licence: { id: 'l1' }, files: [{ filename: 'a.zip', content_details: { id: 'c1' } }] };
    const singleFile = { filename: 'a.zip', description: 'the file', content_details: { id: 'c1' } };
    expect(Value.Check(DatasetPatch, fields)).toBe(true);
    expect(Value.Check(DatasetPatch, singleFile)).toBe(true);
    expect(isSingleFilePatch(singleFile)).toBe(true);
    expect(isSingleFilePatch(fields)).toBe(false);
    // a single file without its content id is neither form
    expect(Value.Check(DatasetPatch, { filename: 'a.zip', content_details: {} })).toBe(false);
    expect(Value.Check(DatasetPatch, { name: null })).toBe(false);
    expect(Value.Check(DatasetPatch, { categories: [{ label: 'Alchemy' }] })).toBe(false);
  });

  it('describes the publish validation error', () => {
    expect(Value.Check(PublishValidationError, {
      message: 'Draft cannot be published', field_errors: [{ field: 'description', message: 'required' }],
    })).toBe(true);
    expect(Value.Check(PublishValidationError, { message: 'x', field_errors: [{ field: 'files' }] })).toBe(false);
  });
});
