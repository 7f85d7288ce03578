// Reference vocabularies (not paged): disciplines, academic statuses, identifier types,
// institutions and locations.
import type { AcademicStatusEntry, DisciplineListItem, IdentifierType, Institution, InstitutionTree, Location } from '../schemas/vocabulary.ts';
import type { CallOptions, ServiceClient } from './serviceClient.ts';

export interface InstitutionSearch {
  hint?: string;
  email?: string;
  name?: string;
  city?: string;
  state?: string;
  country?: string;
  limit?: number;
}

export function vocabularyApi(client: ServiceClient) {
  const t = client.mediaTypes;
  return {
    disciplines: (options: CallOptions = {}) => client.json<DisciplineListItem[]>('/disciplines', { accept: t.discipline, signal: options.signal }),
    academicStatuses: (options: CallOptions = {}) =>
      client.json<AcademicStatusEntry[]>('/academic_statuses', { accept: t.academicStatus, signal: options.signal }),
    identifierTypes: (options: CallOptions = {}) =>
      client.json<IdentifierType[]>('/identifier_types', { accept: t.identifierType, signal: options.signal }),
    institutions: (search: InstitutionSearch, options: CallOptions = {}) =>
      client.json<Institution[]>('/institutions', { accept: t.institution, query: { ...search }, signal: options.signal }),
    institution: (id: string, options: CallOptions = {}) =>
      client.json<Institution>(`/institutions/${encodeURIComponent(id)}`, { accept: t.institution, signal: options.signal }),
    institutionTree: (id: string, options: CallOptions = {}) =>
      client.json<InstitutionTree>(`/institution_trees/${encodeURIComponent(id)}`, { accept: t.institutionTree, signal: options.signal }),
    locations: (prefix: string, options: CallOptions & { limit?: number } = {}) =>
      client.json<Location[]>('/locations', { accept: t.location, query: { prefix, limit: options.limit }, signal: options.signal }),
  };
}

export type VocabularyApi = ReturnType<typeof vocabularyApi>;
