// A merge of duplicates keeps their related items: the master takes the duplicate's links.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempReplica, type TempReplica } from '../replica/testing.ts';
import { mergeDuplicates } from './mergeDuplicates.ts';

let temp: TempReplica;
beforeEach(() => { temp = tempReplica(); });
afterEach(() => temp.dispose());

it('the master takes the links of the duplicates it absorbs', () => {
  const r = temp.replica;
  const master = r.createDocument({ title: 'Seagrass carbon', type: 'journal', year: 2012 }).id;
  const duplicate = r.createDocument({ title: 'Seagrass carbon', type: 'journal', year: 2012 }).id;
  const reply = r.createDocument({ title: 'A reply on seagrass carbon', type: 'journal', year: 2013 }).id;
  r.relateDocuments(duplicate, reply);
  r.relateDocuments(duplicate, master);
  mergeDuplicates({ replica: r, hasBytes: () => false }, { masterId: master, duplicateIds: [duplicate] });
  expect(r.getDocument(duplicate)).toBeUndefined();
  expect(r.listRelated(master).map((d) => d.id)).toEqual([reply]);
  expect(r.listRelated(reply).map((d) => d.id)).toEqual([master]);
});
