// Public datasets (published versions, readable by any valid token) and the licence list.
import { containsText } from '../storage/sqlText.ts';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { DatasetGetQuery, DatasetListQuery } from '../../shared/schemas/dataset.ts';
import { dataLicences } from './licences.ts';
import { normaliseDoi, normaliseIssn, publicDatasetJson, type VersionSnapshot } from './publishing.ts';
import { parseFields, selectItem } from './fieldSelection.ts';
import { versionsOf, versionsOfMany } from './versionList.ts';
import { DatasetIdParams } from './draftsRoutes.ts';

/** Clients escape the DOI in the query; some escape it twice. */
function unescapeDoi(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function publicDatasetsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };

  app.get('/datasets/licences', { config: { produces: [mt.licenceInfo], auth: 'client' } }, async (request, reply) => {
    return reply.type(request.responseType).send(dataLicences());
  });

  app.get<{ Querystring: DatasetListQuery & Record<string, unknown> }>(
    '/datasets',
    { schema: { querystring: DatasetListQuery }, config: { produces: [mt.publicDataset], auth: 'client' } },
    async (request, reply) => {
      const params = readPageParams(request.query);
      let q = ctx.db
        .selectFrom('published_datasets')
        .innerJoin('dataset_versions', (join) =>
          join.onRef('dataset_versions.dataset_id', '=', 'published_datasets.id').onRef('dataset_versions.version', '=', 'published_datasets.latest_version'))
        .select(['published_datasets.id as id', 'published_datasets.first_published as first_published', 'dataset_versions.snapshot as snapshot']);
      if (request.query.article_doi) {
        const needle = `|${normaliseDoi(unescapeDoi(request.query.article_doi))}|`;
        q = q.where(containsText(ctx.db, 'published_datasets.article_dois', needle));
      }
      if (request.query.issn) {
        const needle = `|${normaliseIssn(request.query.issn)}|`;
        q = q.where(containsText(ctx.db, 'published_datasets.issns', needle));
      }
      const page = await fetchPage<{ id: string; first_published: string; snapshot: string }>(
        q, 'published_datasets.first_published', 'published_datasets.id', params,
      );
      sendPageHeaders(request, reply, page, params, linkContext, (row) => row.first_published);
      const versions = await versionsOfMany(ctx, page.rows.map((r) => r.id));
      const tree = parseFields(request.query.fields, 'results');
      const results = [];
      for (const row of page.rows) {
        const snapshot = JSON.parse(row.snapshot) as VersionSnapshot;
        results.push(selectItem(await publicDatasetJson(ctx, snapshot, versions.get(row.id) ?? []), tree));
      }
      return reply.type(request.responseType).send({ results });
    },
  );

  app.get<{ Params: { id: string }; Querystring: DatasetGetQuery }>(
    '/datasets/:id',
    { schema: { params: DatasetIdParams, querystring: DatasetGetQuery }, config: { produces: [mt.publicDataset], auth: 'client' } },
    async (request, reply) => {
      const { id } = request.params;
      const published = await ctx.db.selectFrom('published_datasets').select('latest_version').where('id', '=', id).executeTakeFirst();
      if (!published) throw notFound('Dataset not found');
      const version = request.query.version ?? Number(published.latest_version);
      const row = await ctx.db
        .selectFrom('dataset_versions')
        .select('snapshot')
        .where('dataset_id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!row) throw notFound(`Dataset ${id} has no version ${version}`);
      const snapshot = JSON.parse(row.snapshot) as VersionSnapshot;
      return reply.type(request.responseType).send(await publicDatasetJson(ctx, snapshot, await versionsOf(ctx, id)));
    },
  );
}
