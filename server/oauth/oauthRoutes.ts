// The OAuth 2.0 area: authorization and token endpoints, and the web pages around them
// (sign-in, sign-up, consent, developer applications, token display, e-mailed invitations).
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { createOAuthService } from './oauthServer.ts';
import { tokenRoutes } from './tokenRoutes.ts';
import { revocationRoutes } from './revocationRoutes.ts';
import { authorizeRoutes } from './authorizeRoutes.ts';
import { accountRoutes } from './accountRoutes.ts';
import { accountSettingsRoutes } from './accountSettingsRoutes.ts';
import { developerRoutes } from './developerRoutes.ts';
import { invitationPageRoutes } from './invitationPageRoutes.ts';

export async function oauthRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const oauth = createOAuthService(ctx);
  await tokenRoutes(app, ctx, oauth);
  await revocationRoutes(app, ctx);
  await authorizeRoutes(app, ctx, oauth);
  await accountRoutes(app, ctx);
  await accountSettingsRoutes(app, ctx);
  await developerRoutes(app, ctx);
  await invitationPageRoutes(app, ctx);
}
