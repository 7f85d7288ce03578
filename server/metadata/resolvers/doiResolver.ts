// DOIs through doi.org content negotiation: the registration agency behind the DOI
// (Crossref, DataCite, mEDRA...) answers with CSL-JSON, which shared/csl reads.
import { CSL_JSON_MEDIA_TYPE, cslToDocument } from '../../../shared/csl/cslJson.ts';
import { cleanDoi } from '../../../shared/identifiers/index.ts';
import { isObject, MalformedRecord, parseJson, type IdentifierResolverSpec } from './resolverTypes.ts';

/** Crossref abstracts carry JATS markup (<jats:p>...). */
const stripMarkup = (value: string) => value.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

export const doiResolver: IdentifierResolverSpec = {
  kind: 'doi',
  upstream: 'doi',
  clean: cleanDoi,
  request: (doi, settings) => ({ url: `${settings.baseUrls.doi}/${doi.split('/').map(encodeURIComponent).join('/')}`, accept: CSL_JSON_MEDIA_TYPE }),
  parse(body, doi) {
    const item = parseJson(body);
    if (!isObject(item)) throw new MalformedRecord('CSL-JSON item is not an object');
    if (Array.isArray(item.title)) item.title = item.title[0];
    if (Array.isArray(item['container-title'])) item['container-title'] = item['container-title'][0];
    if (typeof item.abstract === 'string') item.abstract = stripMarkup(item.abstract);
    const read = cslToDocument(item);
    if (typeof read === 'string') throw new MalformedRecord(read);
    const identifiers = { ...read.document.identifiers, doi: read.document.identifiers?.doi ?? doi };
    return { fields: { ...read.document, identifiers }, openAccess: read.openAccess };
  },
};
