// Answers in the documented formats of the public metadata services, for the stand-in
// upstream and the parsers' tests: doi.org's CSL-JSON (as Crossref serves it), an arXiv API
// Atom feed, NCBI esummary JSON and Open Library's books API (jscmd=data).

export const CROSSREF_CSL = {
  indexed: { 'date-parts': [[2024, 3, 1]] },
  publisher: 'Oxford University Press (OUP)',
  issue: '2',
  DOI: '10.1093/comjnl/27.2.97',
  type: 'article-journal',
  page: '97-111',
  source: 'Crossref',
  title: 'Literate Programming',
  volume: '27',
  author: [{ given: 'D. E.', family: 'Knuth', sequence: 'first', affiliation: [] }],
  'container-title': 'The Computer Journal',
  language: 'en',
  abstract: '<jats:p>The structure of a software program may be thought of as a <jats:italic>web</jats:italic>.</jats:p>',
  issued: { 'date-parts': [[1984, 2, 1]] },
  URL: 'https://doi.org/10.1093/comjnl/27.2.97',
  ISSN: ['0010-4620', '1460-2067'],
};

export const DATACITE_CSL = {
  type: 'dataset',
  id: 'https://doi.org/10.5281/zenodo.1234567',
  DOI: '10.5281/ZENODO.1234567',
  URL: 'https://zenodo.org/record/1234567',
  title: 'Zebra stripe measurements, 2019 field season',
  author: [{ family: 'García', given: 'Ana' }, { literal: 'Zebra Research Group' }],
  publisher: 'Zenodo',
  issued: { 'date-parts': [[2020]] },
  license: 'https://creativecommons.org/licenses/by/4.0/legalcode',
};

export const ARXIV_ATOM = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?search_query%3D%26id_list%3D1706.03762%26start%3D0%26max_results%3D1" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: search_query=&amp;id_list=1706.03762&amp;start=0&amp;max_results=1</title>
  <id>http://arxiv.org/api/cHxbiOdZaP56ODnBPIenZhzg5f8</id>
  <updated>2024-01-01T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1</opensearch:totalResults>
  <entry>
    <id>http://arxiv.org/abs/1706.03762v7</id>
    <updated>2023-08-02T00:41:18Z</updated>
    <published>2017-06-12T17:57:34Z</published>
    <title>Attention Is All
      You Need</title>
    <summary>  The dominant sequence transduction models are based on complex recurrent or
convolutional neural networks.</summary>
    <author><name>Ashish Vaswani</name></author>
    <author><name>Noam Shazeer</name></author>
    <author><name>Aidan N. Gomez</name><arxiv:affiliation xmlns:arxiv="http://arxiv.org/schemas/atom">Toronto</arxiv:affiliation></author>
    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">15 pages, 5 figures</arxiv:comment>
    <link href="http://arxiv.org/abs/1706.03762v7" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/1706.03762v7" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>`;

export const ARXIV_ERROR_ATOM = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="html">ArXiv Query: search_query=&amp;id_list=9999.99999</title>
  <id>http://arxiv.org/api/x</id>
  <entry>
    <id>http://arxiv.org/api/errors#incorrect_id_format_for_9999.99999</id>
    <title>Error</title>
    <summary>incorrect id format for 9999.99999</summary>
  </entry>
</feed>`;

export const ARXIV_EMPTY_ATOM = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>ArXiv Query</title><id>http://arxiv.org/api/y</id></feed>`;

export const ESUMMARY = {
  header: { type: 'esummary', version: '0.3' },
  result: {
    uids: ['31452104'],
    '31452104': {
      uid: '31452104',
      pubdate: '2019 Aug 26',
      source: 'Nat Methods',
      authors: [
        { name: 'van der Walt S', authtype: 'Author', clusterid: '' },
        { name: 'Virtanen P', authtype: 'Author', clusterid: '' },
        { name: 'SciPy Contributors', authtype: 'CollectiveName', clusterid: '' },
      ],
      title: 'SciPy 1.0: fundamental algorithms for scientific computing in Python.',
      volume: '17',
      issue: '3',
      pages: '261-272',
      issn: '1548-7091',
      essn: '1548-7105',
      fulljournalname: 'Nature methods',
      articleids: [
        { idtype: 'pubmed', idtypen: 1, value: '31452104' },
        { idtype: 'doi', idtypen: 3, value: '10.1038/s41592-019-0686-2' },
        { idtype: 'pmc', idtypen: 8, value: 'PMC7056644' },
      ],
    },
  },
};

export const ESUMMARY_UNKNOWN = (pmid: string) => ({
  header: { type: 'esummary', version: '0.3' },
  result: { uids: [pmid], [pmid]: { uid: pmid, error: 'cannot get document summary' } },
});

export const OPEN_LIBRARY_BOOK = {
  'ISBN:9780201134476': {
    url: 'https://openlibrary.org/books/OL2860000M/The_TeXbook',
    key: '/books/OL2860000M',
    title: 'The TeXbook',
    subtitle: 'a complete guide to computer typesetting with TeX',
    authors: [{ url: 'https://openlibrary.org/authors/OL2653686A/Donald_Knuth', name: 'Donald E. Knuth' }],
    number_of_pages: 483,
    identifiers: { isbn_10: ['0201134470'], isbn_13: ['9780201134476'], openlibrary: ['OL2860000M'] },
    publishers: [{ name: 'Addison-Wesley' }],
    publish_places: [{ name: 'Reading, Mass' }],
    publish_date: '1984',
    subjects: [{ name: 'TeX (Computer file)', url: 'https://openlibrary.org/subjects/tex_(computer_file)' }],
  },
};
