// Every schema of the shared contract, from one import.
export * from './common.ts';
export * from './document.ts';
export * from './group.ts';
export * from './follower.ts';
export * from './vocabulary.ts';
export * from './catalog.ts';
export * from './dataset.ts';
export * from './submission.ts';
export * from './annotation.ts';
export * from './profile.ts';
export * from './file.ts';
export * from './folder.ts';
