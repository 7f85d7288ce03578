import { describe, expect, it } from 'vitest';
import { errorFromResponse, isTokenExpiry, NotFoundError, PreconditionFailedError, ServiceError, TokenExpiredError } from './serviceErrors.ts';

const request = { method: 'GET', url: 'http://h/x', traceIdHeader: 'X-Service-Trace-Id' };

describe('token expiry detection', () => {
  it('reads RFC 6750 invalid_token with an expiry description', () => {
    expect(isTokenExpiry(401, 'Bearer error="invalid_token", error_description="The access token expired"', undefined)).toBe(true);
    expect(isTokenExpiry(401, 'Bearer error=invalid_token, error_description="token expired"', undefined)).toBe(true);
    expect(isTokenExpiry(401, 'Bearer error="invalid_token", error_description="malformed"', undefined)).toBe(false);
    expect(isTokenExpiry(401, 'Bearer error="insufficient_scope", error_description="expired"', undefined)).toBe(false);
  });

  it('reads the body message, and only on 401', () => {
    expect(isTokenExpiry(401, null, 'Token has expired')).toBe(true);
    expect(isTokenExpiry(400, null, 'Token has expired')).toBe(false);
    expect(isTokenExpiry(401, null, 'Unauthorized')).toBe(false);
  });
});

describe('errorFromResponse', () => {
  it('picks the class from the status and keeps message, body and trace id', async () => {
    const make = (status: number, body: string, headers: Record<string, string> = {}) =>
      errorFromResponse(new Response(body, { status, headers }), request);
    const notFound = await make(404, '{"message":"Document not found"}', { 'X-Service-Trace-Id': 't1' });
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect([notFound.message, notFound.traceId]).toEqual(['Document not found', 't1']);
    expect(await make(412, '{"message":"changed"}')).toBeInstanceOf(PreconditionFailedError);
    expect(await make(401, '{"message":"Token has expired"}')).toBeInstanceOf(TokenExpiredError);
    const oauth = await make(400, '{"error":"invalid_grant","error_description":"Invalid access code"}');
    expect(oauth.constructor).toBe(ServiceError);
    expect(oauth.message).toBe('Invalid access code');
    const empty = await make(500, '');
    expect(empty.message).toContain('500');
    expect(empty.body).toBeUndefined();
  });
});
