// The typed HTTP client of the service, from one import.
export * from './serviceClient.ts';
export * from './serviceErrors.ts';
export * from './pagedIterator.ts';
export * from './tokenRefresh.ts';
export * from './contentDisposition.ts';
export * from './documentsApi.ts';
export * from './trashApi.ts';
export * from './filesApi.ts';
export * from './foldersApi.ts';
export * from './annotationsApi.ts';
export * from './profilesApi.ts';
export * from './groupsApi.ts';
export * from './catalogApi.ts';
export * from './datasetsApi.ts';
export * from './vocabularyApi.ts';
export * from './libraryApi.ts';
