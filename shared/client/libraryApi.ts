// The calls of the service the desktop uses, in one object: api.documents.get(...), etc.
import { annotationsApi } from './annotationsApi.ts';
import { catalogApi } from './catalogApi.ts';
import { datasetsApi } from './datasetsApi.ts';
import { documentsApi } from './documentsApi.ts';
import { filesApi } from './filesApi.ts';
import { foldersApi } from './foldersApi.ts';
import { followersApi } from './followersApi.ts';
import { groupsApi } from './groupsApi.ts';
import { profilesApi } from './profilesApi.ts';
import { ServiceClient, type ServiceClientOptions } from './serviceClient.ts';
import { trashApi } from './trashApi.ts';
import { vocabularyApi } from './vocabularyApi.ts';

export function libraryApi(client: ServiceClient) {
  return {
    client,
    documents: documentsApi(client),
    trash: trashApi(client),
    files: filesApi(client),
    folders: foldersApi(client),
    annotations: annotationsApi(client),
    profiles: profilesApi(client),
    groups: groupsApi(client),
    followers: followersApi(client),
    catalog: catalogApi(client),
    datasets: datasetsApi(client),
    vocabulary: vocabularyApi(client),
  };
}

export type LibraryApi = ReturnType<typeof libraryApi>;

export function createLibraryApi(options: ServiceClientOptions): LibraryApi {
  return libraryApi(new ServiceClient(options));
}
