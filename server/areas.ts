// The service's areas, each a plugin of its own, registered in this order.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from './context.ts';
import { oauthRoutes } from './oauth/oauthRoutes.ts';
import { profilesRoutes } from './library/profilesRoutes.ts';
import { documentsRoutes } from './library/documentsRoutes.ts';
import { trashRoutes } from './library/trashRoutes.ts';
import { filesRoutes } from './library/filesRoutes.ts';
import { foldersRoutes } from './library/foldersRoutes.ts';
import { annotationsRoutes } from './library/annotationsRoutes.ts';
import { groupsRoutes } from './groups/groupsRoutes.ts';
import { followersRoutes } from './people/followersRoutes.ts';
import { vocabulariesRoutes } from './vocabularies/vocabulariesRoutes.ts';
import { datasetsRoutes } from './datasets/datasetsRoutes.ts';
import { catalogRoutes } from './catalog/catalogRoutes.ts';
import { changeEventsRoutes } from './events/changeEvents.ts';
import { healthRoutes } from './lifecycle/healthRoutes.ts';

export type AreaPlugin = (app: FastifyInstance, ctx: ServiceContext) => Promise<void>;

export const areaPlugins: AreaPlugin[] = [
  healthRoutes,
  oauthRoutes,
  profilesRoutes,
  documentsRoutes,
  trashRoutes,
  filesRoutes,
  foldersRoutes,
  annotationsRoutes,
  groupsRoutes,
  followersRoutes,
  vocabulariesRoutes,
  datasetsRoutes,
  catalogRoutes,
  changeEventsRoutes,
];
