// POST /files names its document in a Link header: `<{base}/documents/{id}>; rel=document`.
// POST /documents with file bytes may name a group the same way (`rel="group"`), as the
// JavaScript SDK's createFromFileInGroup does.
import { parseLinkHeader } from '../../shared/paging.ts';
import { badRequest } from '../http/errors.ts';

/** The document id of the rel=document link; 400 when it is missing or not a document URL. */
export function documentIdFromLink(header: string | string[] | undefined): string {
  const url = parseLinkHeader(header).document;
  if (!url) {
    throw badRequest('A Link header naming the document is required: Link: <{base_url}/documents/{document_id}>; rel=document');
  }
  let pathname: string;
  try {
    // Clients may reach the service under another host name than its public URL: only the path counts.
    pathname = new URL(url, 'http://placeholder').pathname;
  } catch {
    throw badRequest(`The document link ${url} is not a URL`);
  }
  const match = /\/documents\/([^/]+)\/?$/.exec(pathname);
  if (!match) throw badRequest(`The document link ${url} is not a document URL ({base_url}/documents/{document_id})`);
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    throw badRequest(`The document link ${url} is not a document URL`);
  }
}

/** The group id of a rel=group link, undefined without one; 400 when it is not a group URL. */
export function groupIdFromLink(header: string | string[] | undefined): string | undefined {
  const url = parseLinkHeader(header).group;
  if (url === undefined) return undefined;
  let pathname: string;
  try {
    pathname = new URL(url, 'http://placeholder').pathname;
  } catch {
    throw badRequest(`The group link ${url} is not a URL`);
  }
  const match = /\/groups\/(?:v2\/)?([^/]+)\/?$/.exec(pathname);
  if (!match) throw badRequest(`The group link ${url} is not a group URL ({base_url}/groups/{group_id})`);
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    throw badRequest(`The group link ${url} is not a group URL`);
  }
}
