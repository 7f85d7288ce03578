import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { ACADEMIC_STATUSES } from './profile.ts';
import {
  AcademicStatusEntry, IDENTIFIER_TYPE_NAMES, DisciplineListItem, IdentifierType, Institution, InstitutionsQuery, InstitutionTree,
  isCompleteTree, Location, LocationsQuery,
} from './vocabulary.ts';

const root = '384f642f-b34f-56a8-ba35-aac36cf9c576';
const child = '0f20ef6f-00fc-55db-95dd-767f00b5b645';

describe('vocabulary schemas', () => {
  it('accept the fifteen academic statuses, a discipline and the identifier types', () => {
    expect(ACADEMIC_STATUSES).toHaveLength(15);
    for (const description of ACADEMIC_STATUSES) expect(Value.Check(AcademicStatusEntry, { description })).toBe(true);
    expect(Value.Check(DisciplineListItem, { name: 'Arts and Literature', subdisciplines: ['Architecture', 'Latin'] })).toBe(true);
    for (const name of IDENTIFIER_TYPE_NAMES) expect(Value.Check(IdentifierType, { name, description: 'd' })).toBe(true);
  });

  it('refuse values outside the vocabularies', () => {
    expect(Value.Check(AcademicStatusEntry, { description: 'Wizard' })).toBe(false);
    expect(Value.Check(IdentifierType, { name: 'ssrn', description: 'not in the vocabulary list' })).toBe(false);
    expect(Value.Check(DisciplineListItem, { name: '', subdisciplines: [] })).toBe(false);
  });

  it('checks institutions and tells complete trees from partial ones', () => {
    const top = { id: root, name: 'University', country: 'Italy', urls: ['https://u.it'], alt_names: [{ name: 'U' }] };
    const dept = { id: child, name: 'Dept', parent_id: root, urls: [], alt_names: [] };
    expect(Value.Check(Institution, top)).toBe(true);
    expect(Value.Check(Institution, { ...dept, parent_id: 'nope' })).toBe(false);
    const tree = { id: root, institution_nodes: [top, dept] };
    expect(Value.Check(InstitutionTree, tree)).toBe(true);
    expect(isCompleteTree(tree)).toBe(true);
    expect(isCompleteTree({ id: child, institution_nodes: [dept] })).toBe(false);
  });

  it('bounds locations and the vocabulary queries', () => {
    expect(Value.Check(Location, { id: root, latitude: 41.9, longitude: 12.5, name: 'Rome', country: 'Italy' })).toBe(true);
    expect(Value.Check(Location, { id: root, latitude: 91, longitude: 12.5, name: 'Nowhere' })).toBe(false);
    expect(Value.Check(InstitutionsQuery, { hint: 'Uni', limit: 100 })).toBe(true);
    expect(Value.Check(InstitutionsQuery, { hint: 'Un' })).toBe(false);
    expect(Value.Check(InstitutionsQuery, { limit: 101 })).toBe(false);
    expect(Value.Check(LocationsQuery, { prefix: 'Ro', limit: 100 })).toBe(true);
    expect(Value.Check(LocationsQuery, { limit: 5 })).toBe(false);
    expect(Value.Check(LocationsQuery, { prefix: 'Ro', limit: 101 })).toBe(false);
  });
});
