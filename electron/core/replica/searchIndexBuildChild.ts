// A process that builds a replica's search index slice by slice and tells its parent after
// each slice, for the test that SIGKILLs it mid-build (searchIndexBuild.test.ts).
import { openReplica } from './replica.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: searchIndexBuildChild.ts <replica file>');
const replica = openReplica(file);
for (;;) {
  const state = replica.buildSearchIndexSlice({ documents: 20, mergePages: 1 });
  process.send?.(state);
  if (!state.building) break;
  // Lets the message go out while the next slices run.
  await new Promise<void>((resolve) => setImmediate(resolve));
}
replica.close();
