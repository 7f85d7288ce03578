// ISBNs through Open Library's books API (jscmd=data): an object keyed "ISBN:<isbn>",
// empty when the book is unknown.
import { fitRecord, yearOf } from '../../../shared/bibtex/importedRecord.ts';
import { cleanIsbn, normaliseIdentifier } from '../../../shared/identifiers/index.ts';
import { personFromFullName } from './personName.ts';
import { isObject, MalformedRecord, parseJson, text, type IdentifierResolverSpec } from './resolverTypes.ts';

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter(isObject).map((v) => text(v.name)).filter((n) => n !== undefined) : []);

export const isbnResolver: IdentifierResolverSpec = {
  kind: 'isbn',
  upstream: 'openLibrary',
  // Asked as ISBN-13, the form the catalog compares in.
  clean: (raw) => {
    const isbn = cleanIsbn(raw);
    return isbn ? normaliseIdentifier('isbn', isbn) : undefined;
  },
  request: (isbn, settings) => ({
    url: `${settings.baseUrls.openLibrary}/api/books?bibkeys=ISBN:${encodeURIComponent(isbn)}&format=json&jscmd=data`,
    accept: 'application/json',
  }),
  parse(body, isbn) {
    const answer = parseJson(body);
    if (!isObject(answer)) throw new MalformedRecord('books answer is not an object');
    const book = answer[`ISBN:${isbn}`] ?? Object.values(answer)[0];
    if (book === undefined) return undefined;
    if (!isObject(book)) throw new MalformedRecord('book is not an object');
    const title = text(book.title);
    if (!title) throw new MalformedRecord('book has no title');
    const subtitle = text(book.subtitle);
    const authors = names(book.authors).map(personFromFullName).filter((p) => p !== undefined);
    const url = text(book.url);
    const fields = fitRecord({
      title: subtitle ? `${title}: ${subtitle}` : title,
      type: 'book',
      authors: authors.length ? authors : undefined,
      publisher: names(book.publishers)[0],
      city: names(book.publish_places)[0],
      year: yearOf(text(book.publish_date)),
      websites: url ? [url] : undefined,
      identifiers: { isbn },
    });
    return { fields, openAccess: false };
  },
};
