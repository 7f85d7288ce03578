// Annotations: notes on documents, sticky notes and highlights on files.
// Spec "Annotation" and its endpoints; real-api notes "Annotations".
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';
import { assertCanWriteGroup } from './access.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { countCacheOf } from '../http/countCache.ts';
import {
  ANNOTATION_TYPES,
  AnnotationCreate,
  AnnotationPatch,
  DEFAULT_HIGHLIGHT_COLOR,
  DEFAULT_PRIVACY_LEVEL,
  type AnnotationType,
  type DeletedAnnotation,
} from '../../shared/schemas/annotation.ts';
import { inferKind, kindProblem, type AnnotationShape } from '../../shared/annotations/annotationKinds.ts';
import {
  deleteAnnotation,
  findAnnotation,
  insertAnnotation,
  readableDocument,
  toAnnotation,
  updateAnnotation,
  visibleAnnotation,
  type AnnotationChanges,
  type AnnotationRow,
} from './annotationStore.ts';
import { newResourceId, type IdempotentCreate } from '../http/idempotency.ts';
import { annotationListQuery, deletedAnnotationQuery, type AnnotationFilters } from './annotationQuery.ts';

const ListQuery = Type.Object({
  // Not in the spec: the JavaScript SDK lists one kind with ?type= (retrieveByType).
  type: Type.Optional(Type.Unsafe<AnnotationType>({ type: 'string', enum: [...ANNOTATION_TYPES] })),
  document_id: Type.Optional(Type.String({ maxLength: 64 })),
  group_id: Type.Optional(Type.String({ maxLength: 64 })),
  modified_since: Type.Optional(Type.String({ maxLength: 64 })),
  deleted_since: Type.Optional(Type.String({ maxLength: 64 })),
});

const IdParams = Type.Object({ id: Type.String() });

export async function annotationsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mediaType = ctx.mediaTypes.annotation;
  const produces = { produces: [mediaType] };
  const producesAndConsumes = { produces: [mediaType], consumes: [mediaType] };
  const links = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };
  const pageOptions = { sortNotNull: true, counts: countCacheOf(ctx.database) };

  app.get('/annotations', { config: produces, schema: { querystring: ListQuery } }, async (request, reply) => {
    const me = userOf(request);
    const query = request.query as Record<string, unknown>;
    const filters = request.query as AnnotationFilters;
    const params = readPageParams(query);
    if (filters.deleted_since !== undefined) {
      const page = await fetchPage<{ id: string; deleted_at: string }>(
        await deletedAnnotationQuery(ctx.db, me, filters), 'deleted_at', 'id', params, pageOptions,
      );
      sendPageHeaders(request, reply, page, params, links, (row) => row.deleted_at);
      reply.type(request.responseType);
      return page.rows.map((row): DeletedAnnotation => ({ id: row.id }));
    }
    const page = await fetchPage<AnnotationRow>(await annotationListQuery(ctx.db, me, filters), 'last_modified', 'id', params, pageOptions);
    sendPageHeaders(request, reply, page, params, links, (row) => row.last_modified);
    reply.type(request.responseType);
    return page.rows.map(toAnnotation);
  });

  const idempotentCreate: IdempotentCreate = {
    async replay(_request, id) {
      const row = await findAnnotation(ctx.db, id);
      return row && { body: toAnnotation(row), location: ctx.url(`/annotations/${row.id}`) };
    },
  };
  app.post('/annotations', { config: { ...producesAndConsumes, idempotentCreate }, schema: { body: AnnotationCreate } }, async (request, reply) => {
    const me = userOf(request);
    const body = request.body as AnnotationCreate;
    const shape: AnnotationShape = {
      text: body.text ?? null,
      color: body.color ?? null,
      positions: body.positions?.length ? body.positions : null,
      filehash: body.filehash?.toLowerCase() ?? null,
      style: body.style ?? null,
    };
    const type = body.type ?? inferKind(shape);
    if (type === 'highlight' && !shape.color) shape.color = DEFAULT_HIGHLIGHT_COLOR;
    const problem = kindProblem(type, shape);
    if (problem) throw badRequest(problem);
    const document = await readableDocument(ctx.db, me, body.document_id);
    // An annotation on a group's document is in the group: followers only read there.
    if (document.group_id) await assertCanWriteGroup(ctx.db, me, document.group_id);
    const row = await insertAnnotation(ctx.db, {
      type,
      document,
      profileId: me,
      text: shape.text ?? null,
      color: shape.color ?? null,
      positions: shape.positions ?? null,
      style: body.style ?? null,
      filehash: shape.filehash ?? null,
      privacyLevel: body.privacy_level ?? DEFAULT_PRIVACY_LEVEL,
      id: newResourceId(request),
    });
    reply.code(201).type(request.responseType).header('Location', ctx.url(`/annotations/${row.id}`));
    return toAnnotation(row);
  });

  app.get('/annotations/:id', { config: produces, schema: { params: IdParams } }, async (request, reply) => {
    const me = userOf(request);
    const row = await visibleAnnotation(ctx.db, me, (request.params as { id: string }).id);
    reply.type(request.responseType);
    return toAnnotation(row);
  });

  app.patch('/annotations/:id', { config: producesAndConsumes, schema: { params: IdParams, body: AnnotationPatch } }, async (request, reply) => {
    const me = userOf(request);
    const row = await visibleAnnotation(ctx.db, me, (request.params as { id: string }).id);
    if (row.profile_id !== me) throw forbidden('Only the creator of an annotation may change it');
    if (row.group_id) await assertCanWriteGroup(ctx.db, me, row.group_id);
    const body = (request.body ?? {}) as AnnotationPatch;
    if (body.type !== undefined && body.type !== row.type) throw badRequest(`The type of an annotation cannot be changed (this one is a ${row.type})`);
    if (body.document_id !== undefined && body.document_id !== row.document_id) throw badRequest('The document_id of an annotation cannot be changed');

    const changes: AnnotationChanges = {};
    if (body.text !== undefined) changes.text = body.text;
    if (body.color !== undefined) changes.color = body.color;
    if (body.positions !== undefined) changes.positions = body.positions?.length ? body.positions : null;
    if (body.style !== undefined) changes.style = body.style;
    if (body.filehash !== undefined) changes.filehash = body.filehash?.toLowerCase() ?? null;
    if (body.privacy_level !== undefined) changes.privacy_level = body.privacy_level;
    reply.type(request.responseType);
    if (!Object.keys(changes).length) return toAnnotation(row);

    const current = toAnnotation(row);
    const patched: AnnotationShape = {
      text: changes.text !== undefined ? changes.text : current.text,
      color: changes.color !== undefined ? changes.color : current.color,
      positions: changes.positions !== undefined ? changes.positions : current.positions,
      filehash: changes.filehash !== undefined ? changes.filehash : current.filehash,
      style: changes.style !== undefined ? changes.style : current.style,
    };
    const problem = kindProblem(current.type, patched);
    if (problem) throw badRequest(problem);
    return toAnnotation(await updateAnnotation(ctx.db, row, changes));
  });

  app.delete('/annotations/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const me = userOf(request);
    const row = await visibleAnnotation(ctx.db, me, (request.params as { id: string }).id);
    if (row.profile_id !== me) throw forbidden('Only the creator of an annotation may delete it');
    if (row.group_id) await assertCanWriteGroup(ctx.db, me, row.group_id);
    await deleteAnnotation(ctx.db, row);
    return reply.code(204).send();
  });
}
