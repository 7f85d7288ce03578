// PMIDs through NCBI E-utilities esummary (JSON). An unknown PMID answers 200 with an
// "error" in its summary, or no uid at all.
import { fitRecord, yearOf, monthOf } from '../../../shared/bibtex/importedRecord.ts';
import { cleanDoi, cleanPmid } from '../../../shared/identifiers/index.ts';
import { personFromInitialsLast } from './personName.ts';
import { isObject, MalformedRecord, parseJson, text, type IdentifierResolverSpec } from './resolverTypes.ts';

export const pubmedResolver: IdentifierResolverSpec = {
  kind: 'pmid',
  upstream: 'ncbi',
  clean: cleanPmid,
  request(pmid, settings) {
    const params = new URLSearchParams({ db: 'pubmed', id: pmid, retmode: 'json', tool: 'refshelf' });
    if (settings.contactEmail) params.set('email', settings.contactEmail);
    if (settings.ncbiApiKey) params.set('api_key', settings.ncbiApiKey);
    return { url: `${settings.baseUrls.ncbi}/esummary.fcgi?${params}`, accept: 'application/json' };
  },
  parse(body, pmid) {
    const answer = parseJson(body);
    if (!isObject(answer)) throw new MalformedRecord('esummary answer is not an object');
    if (!isObject(answer.result)) {
      if (typeof answer.error === 'string') return undefined;
      throw new MalformedRecord('esummary answer has no result');
    }
    const summary = answer.result[pmid];
    if (summary === undefined) return undefined;
    if (!isObject(summary)) throw new MalformedRecord('esummary result is not an object');
    if (typeof summary.error === 'string') return undefined;
    const title = text(summary.title)?.replace(/\.$/, '');
    if (!title) throw new MalformedRecord('esummary result has no title');
    const authors = (Array.isArray(summary.authors) ? summary.authors : [])
      .filter((a): a is Record<string, unknown> => isObject(a) && (a.authtype === undefined || a.authtype === 'Author'))
      .map((a) => personFromInitialsLast(text(a.name) ?? ''))
      .filter((p) => p !== undefined);
    const ids = Array.isArray(summary.articleids) ? summary.articleids.filter(isObject) : [];
    const idOf = (type: string) => text(ids.find((i) => i.idtype === type)?.value);
    const doi = idOf('doi');
    const pubdate = text(summary.pubdate) ?? '';
    const fields = fitRecord({
      title,
      type: 'journal',
      authors: authors.length ? authors : undefined,
      source: text(summary.fulljournalname) ?? text(summary.source),
      year: yearOf(pubdate),
      month: monthOf(pubdate.split(' ')[1]),
      volume: text(summary.volume),
      issue: text(summary.issue),
      pages: text(summary.pages),
      identifiers: { pmid, doi: doi ? cleanDoi(doi) : undefined, issn: text(summary.issn) ?? text(summary.essn) },
    });
    return { fields, openAccess: Boolean(idOf('pmc')) };
  },
};
