// A small, realistic library for the e2e run (and its screenshots): well-known papers and
// books of several types, plus generated entries so the list has to scroll (virtualized).
import type { Replica } from '../electron/core/replica/index.ts';

type Seed = Parameters<Replica['createDocument']>[0];

const REAL: Seed[] = [
  { type: 'journal', title: 'Attention Is All You Need', year: 2017, source: 'Advances in Neural Information Processing Systems', authors: [{ last_name: 'Vaswani', first_name: 'Ashish' }, { last_name: 'Shazeer', first_name: 'Noam' }, { last_name: 'Parmar', first_name: 'Niki' }, { last_name: 'Uszkoreit', first_name: 'Jakob' }], volume: '30', pages: '5998-6008', tags: ['transformers', 'nlp'], read: true, starred: true, confirmed: true },
  { type: 'journal', title: 'Molecular Structure of Nucleic Acids: A Structure for Deoxyribose Nucleic Acid', year: 1953, source: 'Nature', authors: [{ last_name: 'Watson', first_name: 'James D.' }, { last_name: 'Crick', first_name: 'Francis H. C.' }], volume: '171', issue: '4356', pages: '737-738', identifiers: { doi: '10.1038/171737a0' }, read: true, confirmed: true },
  { type: 'book', title: 'The Structure of Scientific Revolutions', year: 1962, publisher: 'University of Chicago Press', city: 'Chicago', edition: '1st', authors: [{ last_name: 'Kuhn', first_name: 'Thomas S.' }], confirmed: true, starred: true },
  { type: 'journal', title: 'A Mathematical Theory of Communication', year: 1948, source: 'Bell System Technical Journal', authors: [{ last_name: 'Shannon', first_name: 'Claude E.' }], volume: '27', issue: '3', pages: '379-423', read: false, confirmed: true },
  { type: 'journal', title: 'Deep Residual Learning for Image Recognition', year: 2016, source: 'IEEE Conference on Computer Vision and Pattern Recognition', authors: [{ last_name: 'He', first_name: 'Kaiming' }, { last_name: 'Zhang', first_name: 'Xiangyu' }, { last_name: 'Ren', first_name: 'Shaoqing' }, { last_name: 'Sun', first_name: 'Jian' }], read: true },
  { type: 'patent', title: 'Method for node ranking in a linked database', year: 2001, source: 'US Patent and Trademark Office', patent_owner: 'Stanford University', patent_application_number: 'US 09/004,827', code: 'US6285999B1', authors: [{ last_name: 'Page', first_name: 'Lawrence' }], confirmed: true },
  { type: 'thesis', title: 'Computing Machinery and Intelligence: Notes Toward a Thesis', year: 1950, institution: 'University of Manchester', authors: [{ last_name: 'Turing', first_name: 'Alan M.' }] },
  { type: 'book_section', title: 'The Magical Number Seven, Plus or Minus Two', year: 1956, source: 'Psychological Review', authors: [{ last_name: 'Miller', first_name: 'George A.' }], pages: '81-97' },
  { type: 'conference_proceedings', title: 'ImageNet Classification with Deep Convolutional Neural Networks', year: 2012, source: 'NeurIPS', authors: [{ last_name: 'Krizhevsky', first_name: 'Alex' }, { last_name: 'Sutskever', first_name: 'Ilya' }, { last_name: 'Hinton', first_name: 'Geoffrey E.' }], starred: true },
  { type: 'report', title: 'Climate Change 2021: The Physical Science Basis', year: 2021, institution: 'Intergovernmental Panel on Climate Change', authors: [{ last_name: 'Masson-Delmotte', first_name: 'Valérie' }] },
  { type: 'web_page', title: 'The FAIR Guiding Principles for scientific data management', year: 2016, source: 'Scientific Data', websites: ['https://www.nature.com/articles/sdata201618'], authors: [{ last_name: 'Wilkinson', first_name: 'Mark D.' }] },
  { type: 'book', title: 'Gödel, Escher, Bach: an Eternal Golden Braid', year: 1979, publisher: 'Basic Books', city: 'New York', authors: [{ last_name: 'Hofstadter', first_name: 'Douglas R.' }], read: true },
];

const TOPICS = ['Graph Neural Networks', 'Protein Folding', 'Coral Reef Resilience', 'Bayesian Inference', 'Urban Heat Islands', 'Quantum Error Correction', 'Soil Microbiomes', 'Language Acquisition'];
const VENUES = ['Nature', 'Science', 'PLOS ONE', 'Journal of Machine Learning Research', 'Ecology Letters', 'Physical Review Letters'];
const NAMES = [['García', 'Lucía'], ['Nakamura', 'Hiro'], ['Okafor', 'Chidi'], ['Schmidt', 'Anna'], ['Dubois', 'Marc'], ['Kowalski', 'Ewa'], ['Singh', 'Priya'], ['Rossi', 'Marco']];

export function seedLibrary(replica: Replica, generated = 120): void {
  for (const doc of REAL) replica.createDocument(doc);
  for (let i = 0; i < generated; i++) {
    const [last, first] = NAMES[i % NAMES.length]!;
    const [last2, first2] = NAMES[(i * 3 + 1) % NAMES.length]!;
    replica.createDocument({
      type: 'journal',
      title: `${TOPICS[i % TOPICS.length]}: study ${i + 1}`,
      year: 1990 + (i % 35),
      source: VENUES[i % VENUES.length],
      authors: [{ last_name: last!, first_name: first }, { last_name: last2!, first_name: first2 }],
      read: i % 3 === 0,
      starred: i % 11 === 0,
      confirmed: i % 4 !== 0,
    });
  }
}
