// Submission-system names belong to the client an administrator granted them to
// (`npm run admin -- grant-submission-system NAME --client ID`); no client can claim one.
import { Value } from 'typebox/value';
import type { ServiceDb } from '../storage/database.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { SubmissionSystemName } from '../../shared/schemas/submission.ts';

export async function grantSubmissionSystem(db: ServiceDb, name: string, clientId: string, now = new Date()): Promise<'granted' | 'moved' | 'unchanged'> {
  if (!Value.Check(SubmissionSystemName, name)) throw badRequest(`"${name}" is not a valid submission-system name`);
  const client = await db.selectFrom('oauth_clients').select('id').where('id', '=', clientId).executeTakeFirst();
  if (!client) throw notFound(`No client application with id ${clientId}`);
  const current = await db.selectFrom('submission_systems').select('client_id').where('name', '=', name).executeTakeFirst();
  if (current?.client_id === clientId) return 'unchanged';
  if (current) {
    await db.updateTable('submission_systems').set({ client_id: clientId }).where('name', '=', name).execute();
    return 'moved';
  }
  await db.insertInto('submission_systems').values({ name, client_id: clientId, created: now.toISOString() }).execute();
  return 'granted';
}
