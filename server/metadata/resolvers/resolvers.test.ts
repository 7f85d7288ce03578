// Each resolver's reading of its upstream's documented answer, unknown identifiers and
// bodies that cannot be read.
import { describe, expect, it } from 'vitest';
import { arxivResolver } from './arxivResolver.ts';
import { doiResolver } from './doiResolver.ts';
import { isbnResolver } from './isbnResolver.ts';
import { pubmedResolver } from './pubmedResolver.ts';
import { MalformedRecord } from './resolverTypes.ts';
import { ARXIV_EMPTY_ATOM, ARXIV_ERROR_ATOM, ESUMMARY_UNKNOWN } from '../testing/upstreamFixtures.ts';
import { readResolverSettings } from '../resolverSettings.ts';

const settings = readResolverSettings({}, { contactEmail: 'a@example.org', ncbiApiKey: 'k3y' }, (m) => new Error(m));

describe('resolver requests', () => {
  it('ask the real endpoints by default, in the forms each documents', () => {
    expect(doiResolver.request(doiResolver.clean('doi:10.1000/ABC?b#c')!, settings)).toEqual({
      url: 'https://doi.org/10.1000/ABC%3Fb%23c', accept: 'application/vnd.citationstyles.csl+json',
    });
    expect(arxivResolver.request(arxivResolver.clean('arXiv:hep-th/9901001v2')!, settings).url).toBe('https://export.arxiv.org/api/query?id_list=hep-th%2F9901001&max_results=1');
    expect(pubmedResolver.request('123', settings).url).toBe('https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esummary.fcgi?db=pubmed&id=123&retmode=json&tool=refshelf&email=a%40example.org&api_key=k3y');
    expect(isbnResolver.request(isbnResolver.clean('0-201-13447-0')!, settings).url).toBe('https://openlibrary.org/api/books?bibkeys=ISBN:9780201134476&format=json&jscmd=data');
  });

  it('refuse what is not an identifier (no request is made for it)', () => {
    expect(doiResolver.clean('11.1000/x')).toBeUndefined();
    expect(isbnResolver.clean('0-201-13447-1')).toBeUndefined();
    expect(pubmedResolver.clean('0123')).toBeUndefined();
    expect(arxivResolver.clean('not an id')).toBeUndefined();
  });
});

describe('resolver answers', () => {
  it('unknown identifiers are undefined, not errors', () => {
    expect(arxivResolver.parse(ARXIV_ERROR_ATOM, '9999.99999')).toBeUndefined();
    expect(arxivResolver.parse(ARXIV_EMPTY_ATOM, '2101.99999')).toBeUndefined();
    expect(pubmedResolver.parse(JSON.stringify(ESUMMARY_UNKNOWN('5')), '5')).toBeUndefined();
    expect(pubmedResolver.parse(JSON.stringify({ error: 'Invalid uid' }), '5')).toBeUndefined();
    expect(isbnResolver.parse('{}', '9780201134476')).toBeUndefined();
  });

  it('unreadable bodies are MalformedRecord', () => {
    const cases: [typeof doiResolver, string][] = [
      [doiResolver, '<html>Not Found</html>'], [doiResolver, '[]'], [doiResolver, '{"type":"article-journal"}'],
      [arxivResolver, '{"not": "xml"}'], [arxivResolver, '<html><body>Service unavailable</body></html>'], [arxivResolver, '<feed xmlns="http://www.w3.org/2005/Atom"><entry>'],
      [pubmedResolver, '{"result": {"5": "x"}}'], [pubmedResolver, '{"result": {"5": {"uid": "5"}}}'], [pubmedResolver, 'null'],
      [isbnResolver, '["ISBN"]'], [isbnResolver, '{"ISBN:9780201134476": {"url": "x"}}'],
    ];
    for (const [resolver, body] of cases) expect(() => resolver.parse(body, resolver.kind === 'pmid' ? '5' : '9780201134476'), body).toThrow(MalformedRecord);
  });

  it('a DOI record without its DOI keeps the DOI asked for', () => {
    const read = doiResolver.parse(JSON.stringify({ type: 'book', title: ['A Book'], author: [{ family: 'Doe', given: 'Jane' }] }), '10.1000/book');
    expect(read?.fields).toMatchObject({ title: 'A Book', type: 'book', identifiers: { doi: '10.1000/book' } });
  });
});

describe('resolver settings', () => {
  it('come from flags or environment, with the real endpoints as defaults', () => {
    const fromEnv = readResolverSettings({ doiUrl: 'http://127.0.0.1:9/doi/', resolverContact: 'x@y.org', resolverTimeoutMs: '2500', resolveIdentifiers: 'off' }, {}, (m) => new Error(m));
    expect(fromEnv).toMatchObject({ enabled: false, contactEmail: 'x@y.org', timeoutMs: 2500, baseUrls: { doi: 'http://127.0.0.1:9/doi', arxiv: 'https://export.arxiv.org/api/query' } });
    expect(() => readResolverSettings({ arxivUrl: 'ftp://x' }, {}, (m) => new Error(m))).toThrow('The arxiv resolver URL "ftp://x" is not an absolute http(s) URL');
    expect(() => readResolverSettings({ resolverContact: 'nobody' }, {}, (m) => new Error(m))).toThrow('Resolver contact "nobody" is not an e-mail address');
  });
});
