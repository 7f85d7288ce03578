import { describe, expect, it } from 'vitest';
import { headerNames, isValidVendor, mediaTypes } from './vendor.ts';

describe('vendor word', () => {
  it('builds the spec names by default', () => {
    expect(mediaTypes().document).toBe('application/vnd.service-document.1+json');
    expect(mediaTypes().groupV2).toBe('application/vnd.service-group+json');
    expect(headerNames()).toEqual({ count: 'Service-Count', traceId: 'X-Service-Trace-Id' });
  });
  it('builds the wire names of existing clients', () => {
    expect(mediaTypes('mendeley').document).toBe('application/vnd.mendeley-document.1+json');
    expect(mediaTypes('mendeley').academicStatus).toBe('application/vnd.academic_status.1+json');
    expect(mediaTypes('mendeley').academicStatusVendor).toBe('application/vnd.mendeley-academic-status.1+json');
    expect(mediaTypes('mendeley').profile).toBe('application/vnd.mendeley-profile.1+json');
    expect(headerNames('mendeley')).toEqual({ count: 'Mendeley-Count', traceId: 'X-Mendeley-Trace-Id' });
  });
  it('rejects words that cannot be a media type token', () => {
    expect(isValidVendor('mendeley')).toBe(true);
    expect(isValidVendor('Bad Word')).toBe(false);
    expect(isValidVendor('')).toBe(false);
  });
});
