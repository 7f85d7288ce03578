import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

interface ErrorWithCode extends Partial<FastifyError> {
  message: string;
}

/** Maps every failure to a status code and a JSON {message}; internals never leak. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: ErrorWithCode, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.code(error.statusCode).type('application/json').send({ message: error.message, ...error.extra });
    }
    if (error.validation) {
      return reply.code(400).type('application/json').send({ message: validationMessage(error) });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    const known: Record<string, [number, string]> = {
      FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
      FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported Content-Type'],
      FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty but Content-Type is JSON'],
      FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Request body is not valid JSON'],
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Content-Length does not match the body'],
    };
    const mapped = error.code ? known[error.code] : undefined;
    if (mapped) return reply.code(mapped[0]).type('application/json').send({ message: mapped[1] });
    if (error.name === 'SyntaxError' || (status === 400 && /JSON/i.test(error.message))) {
      return reply.code(400).type('application/json').send({ message: 'Request body is not valid JSON' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).type('application/json').send({ message: error.message || 'Bad request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).type('application/json').send({ message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A path the service serves, asked with a method it does not take: 405 with Allow
    // (RFC 9110 section 15.5.6), or, for OPTIONS, the list of methods it does take.
    const allowed = ROUTE_METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
    if (allowed.length) {
      reply.header('Allow', allowed.join(', '));
      if (request.method === 'OPTIONS') return reply.code(204).send();
      return reply.code(405).type('application/json').send({ message: `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}` });
    }
    reply.code(404).type('application/json').send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}

function validationMessage(error: ErrorWithCode): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = `${error.validationContext ?? 'request'}${first.instancePath ? first.instancePath.replace(/\//g, '.').replace(/^\./, '.') : ''}`;
  const params = first.params as Record<string, unknown>;
  if (first.keyword === 'additionalProperties') return `${where} has an unknown field "${String(params.additionalProperty)}"`;
  if (first.keyword === 'required') return `${where} is missing the required field "${String(params.missingProperty)}"`;
  if (first.keyword === 'enum' && Array.isArray(params.allowedValues)) return `${where} must be one of: ${params.allowedValues.join(', ')}`;
  if (first.keyword === 'anyOf' || first.keyword === 'const') {
    const allowed = error.validation?.filter((v) => v.keyword === 'const').map((v) => (v.params as { allowedValue?: unknown }).allowedValue);
    if (allowed?.length) return `${where} must be one of: ${allowed.join(', ')}`;
  }
  return `${where} ${first.message ?? 'is invalid'}`;
}
