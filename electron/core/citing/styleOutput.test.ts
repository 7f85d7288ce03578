// citeproc-js with the bundled official styles on twenty real references, against the
// entries and in-text citations the APA 7, Chicago 17 author-date and IEEE guides give.
// Where the official CSL style itself departs from its guide, the test says so and
// expects what the style gives (the guide's form is in the comment).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentToCsl } from '../../../shared/csl/documentToCsl.ts';
import { createCitationFormatter } from './citationFormatter.ts';
import { REFERENCE_DOCUMENTS } from './fixtures/referenceDocuments.ts';
import { createStyleLibrary } from './styleLibrary.ts';

type Expected = Record<string, [bibliography: string, inText: string]>;

const APA_7: Expected = {
  knuth1984: [
    'Knuth, D. E. (1984). Literate programming. The Computer Journal, 27(2), 97–111. https://doi.org/10.1093/comjnl/27.2.97',
    '(Knuth, 1984)',
  ],
  watson1953: [
    'Watson, J. D., & Crick, F. H. C. (1953). Molecular structure of nucleic acids: A structure for deoxyribose nucleic acid. Nature, 171(4356), 737–738. https://doi.org/10.1038/171737a0',
    '(Watson & Crick, 1953)',
  ],
  lamport1994: [
    'Lamport, L. (1994). LaTeX: A document preparation system (2nd ed.). Addison-Wesley.',
    '(Lamport, 1994)',
  ],
  king1963: [
    'King, M. L., Jr. (1963). Letter from Birmingham jail. In J. Smith (Ed.), Why we can’t wait (pp. 77–100). Harper & Row.',
    '(King, 1963)',
  ],
  vaswani2017: [
    'Vaswani, A., Shazeer, N., & Parmar, N. (2017). Attention is all you need. Advances in Neural Information Processing Systems 30, 5998–6008.',
    '(Vaswani et al., 2017)',
  ],
  shannon1940: [
    'Shannon, C. E. (1940). An algebra for theoretical genetics [Doctoral dissertation]. Massachusetts Institute of Technology.',
    '(Shannon, 1940)',
  ],
  nist2020: [
    'Joint Task Force. (2020). Security and privacy controls for information systems and organizations (SP 800-53 Rev. 5). National Institute of Standards and Technology. https://doi.org/10.6028/NIST.SP.800-53r5',
    '(Joint Task Force, 2020)',
  ],
  // APA 7 writes "(Version 4.3.0)"; the style prints the version alone.
  rcore2023: [
    'R Core Team. (2023). R: A language and environment for statistical computing (4.3.0) [Computer software]. R Foundation for Statistical Computing. https://www.R-project.org/',
    '(R Core Team, 2023)',
  ],
  // APA 7 leaves out the site name when it is the author's; the style repeats it.
  who2023: [
    'World Health Organization. (2023, May 5). Coronavirus disease (COVID-19) pandemic. World Health Organization. https://www.who.int/emergencies/diseases/novel-coronavirus-2019',
    '(World Health Organization, 2023)',
  ],
  nolan2010: [
    'Nolan, C. (Director). (2010). Inception [Film]. Warner Bros. Pictures.',
    '(Nolan, 2010)',
  ],
  beethoven1808: [
    'van Beethoven, L. (1808). Symphony no. 5 in C minor. Breitkopf & Härtel.',
    '(van Beethoven, 1808)',
  ],
  devlin2019: [
    'Devlin, J., Chang, M.-W., Lee, K., & Toutanova, K. (2019). BERT: Pre-training of deep bidirectional transformers for language understanding (arXiv:1810.04805). arXiv. https://arxiv.org/abs/1810.04805',
    '(Devlin et al., 2019)',
  ],
  gladwell2000: [
    'Gladwell, M. (2000, May 29). The new-boy network. The New Yorker, 68–86.',
    '(Gladwell, 2000)',
  ],
  carey2019: [
    'Carey, B. (2019, March 22). Can we get better at forgetting? The New York Times. https://www.nytimes.com/2019/03/22/health/memory-forgetting-psychology.html',
    '(Carey, 2019)',
  ],
  zalta2022: [
    'Zalta, E. N. (2022). Gottlob Frege. In E. N. Zalta (Ed.), The Stanford Encyclopedia of Philosophy. Stanford University. https://plato.stanford.edu/entries/frege/',
    '(Zalta, 2022)',
  ],
  page1998: [
    'Page, L. (2001). Method for node ranking in a linked database (Patent No. US 6,285,999).',
    '(Page, 2001)',
  ],
  goodfellow2016: [
    'Goodfellow, I., Bengio, Y., & Courville, A. (2016). Deep learning. MIT Press.',
    '(Goodfellow et al., 2016)',
  ],
  garcia2015: [
    'de la Peña, L., & García Márquez, A. (2015). Particle physics at the energy frontier. Physical Review Letters, 114(19), 191803.',
    '(de la Peña & García Márquez, 2015)',
  ],
  piketty2014: [
    'Piketty, T. (2014). Capital in the twenty-first century (A. Goldhammer, Trans.). Belknap Press.',
    '(Piketty, 2014)',
  ],
  hinton2006: [
    'Hinton, G. E., & Salakhutdinov, R. R. (2006). Reducing the dimensionality of data with neural networks. Science, 313(5786), 504–507. https://doi.org/10.1126/science.1127647',
    '(Hinton & Salakhutdinov, 2006)',
  ],
};

const CHICAGO_AUTHOR_DATE: Expected = {
  knuth1984: [
    'Knuth, Donald E. 1984. “Literate Programming.” The Computer Journal 27 (2): 97–111. https://doi.org/10.1093/comjnl/27.2.97.',
    '(Knuth 1984)',
  ],
  watson1953: [
    'Watson, J. D., and F. H. C. Crick. 1953. “Molecular Structure of Nucleic Acids: A Structure for Deoxyribose Nucleic Acid.” Nature 171 (4356): 737–38. https://doi.org/10.1038/171737a0.',
    '(Watson and Crick 1953)',
  ],
  lamport1994: [
    'Lamport, Leslie. 1994. LaTeX: A Document Preparation System. 2nd ed. Reading, MA: Addison-Wesley.',
    '(Lamport 1994)',
  ],
  king1963: [
    'King, Martin Luther, Jr. 1963. “Letter from Birmingham Jail.” In Why We Can’t Wait, edited by Jane Smith, 77–100. New York: Harper & Row.',
    '(King 1963)',
  ],
  vaswani2017: [
    'Vaswani, Ashish, Noam Shazeer, and Niki Parmar. 2017. “Attention Is All You Need.” In Advances in Neural Information Processing Systems 30, 5998–6008. Curran Associates.',
    '(Vaswani, Shazeer, and Parmar 2017)',
  ],
  shannon1940: [
    'Shannon, Claude Elwood. 1940. “An Algebra for Theoretical Genetics.” Doctoral dissertation, Massachusetts Institute of Technology.',
    '(Shannon 1940)',
  ],
  nist2020: [
    'Joint Task Force. 2020. “Security and Privacy Controls for Information Systems and Organizations.” SP 800-53 Rev. 5. National Institute of Standards and Technology. https://doi.org/10.6028/NIST.SP.800-53r5.',
    '(Joint Task Force 2020)',
  ],
  rcore2023: [
    'R Core Team. 2023. “R: A Language and Environment for Statistical Computing.” Computer software. R Foundation for Statistical Computing. https://www.R-project.org/.',
    '(R Core Team 2023)',
  ],
  who2023: [
    'World Health Organization. 2023. “Coronavirus Disease (COVID-19) Pandemic.” World Health Organization. May 5, 2023. https://www.who.int/emergencies/diseases/novel-coronavirus-2019.',
    '(World Health Organization 2023)',
  ],
  nolan2010: [
    'Nolan, Christopher, dir. 2010. Inception. Film. Warner Bros. Pictures.',
    '(Nolan 2010)',
  ],
  // Chicago cites "(Beethoven 1808)"; citeproc-js reads a lowercase "van" as a particle kept in citations.
  beethoven1808: [
    'Beethoven, Ludwig van. 1808. Symphony No. 5 in C Minor. Leipzig: Breitkopf & Härtel.',
    '(van Beethoven 1808)',
  ],
  devlin2019: [
    'Devlin, Jacob, Ming-Wei Chang, Kenton Lee, and Kristina Toutanova. 2019. “BERT: Pre-Training of Deep Bidirectional Transformers for Language Understanding.” arXiv. https://arxiv.org/abs/1810.04805.',
    '(Devlin et al. 2019)',
  ],
  gladwell2000: [
    'Gladwell, Malcolm. 2000. “The New-Boy Network.” The New Yorker, May 29, 2000.',
    '(Gladwell 2000)',
  ],
  carey2019: [
    'Carey, Benedict. 2019. “Can We Get Better at Forgetting?” The New York Times, March 22, 2019. https://www.nytimes.com/2019/03/22/health/memory-forgetting-psychology.html.',
    '(Carey 2019)',
  ],
  zalta2022: [
    'Zalta, Edward N. 2022. “Gottlob Frege.” In The Stanford Encyclopedia of Philosophy, edited by Edward N. Zalta. Stanford University. https://plato.stanford.edu/entries/frege/.',
    '(Zalta 2022)',
  ],
  page1998: [
    'Page, Lawrence. 2001. Method for node ranking in a linked database. US 6,285,999, issued September 4, 2001.',
    '(Page 2001)',
  ],
  goodfellow2016: [
    'Goodfellow, Ian, Yoshua Bengio, and Aaron Courville. 2016. Deep Learning. Cambridge, MA: MIT Press.',
    '(Goodfellow, Bengio, and Courville 2016)',
  ],
  garcia2015: [
    'Peña, Luis de la, and Ana García Márquez. 2015. “Particle Physics at the Energy Frontier.” Physical Review Letters 114 (19): 191803.',
    '(de la Peña and García Márquez 2015)',
  ],
  piketty2014: [
    'Piketty, Thomas. 2014. Capital in the Twenty-First Century. Translated by Arthur Goldhammer. Cambridge, MA: Belknap Press.',
    '(Piketty 2014)',
  ],
  hinton2006: [
    'Hinton, G. E., and R. R. Salakhutdinov. 2006. “Reducing the Dimensionality of Data with Neural Networks.” Science 313 (5786): 504–7. https://doi.org/10.1126/science.1127647.',
    '(Hinton and Salakhutdinov 2006)',
  ],
};

const IEEE: Expected = {
  knuth1984: [
    '[1] D. E. Knuth, “Literate programming,” The Computer Journal, vol. 27, no. 2, pp. 97–111, 1984, doi: 10.1093/comjnl/27.2.97.',
    '[1]',
  ],
  watson1953: [
    '[1] J. D. Watson and F. H. C. Crick, “Molecular structure of nucleic acids: A structure for deoxyribose nucleic acid,” Nature, vol. 171, no. 4356, pp. 737–738, Apr. 1953, doi: 10.1038/171737a0.',
    '[1]',
  ],
  lamport1994: [
    '[1] L. Lamport, LaTeX: A document preparation system, 2nd ed. Reading, MA: Addison-Wesley, 1994.',
    '[1]',
  ],
  king1963: [
    '[1] M. L. King Jr., “Letter from Birmingham jail,” in Why we can’t wait, J. Smith, Ed. New York: Harper & Row, 1963, pp. 77–100.',
    '[1]',
  ],
  vaswani2017: [
    '[1] A. Vaswani, N. Shazeer, and N. Parmar, “Attention is all you need,” in Advances in Neural Information Processing Systems 30, 2017, pp. 5998–6008.',
    '[1]',
  ],
  shannon1940: [
    '[1] C. E. Shannon, “An algebra for theoretical genetics,” Doctoral dissertation, Massachusetts Institute of Technology, 1940.',
    '[1]',
  ],
  nist2020: [
    '[1] Joint Task Force, “Security and privacy controls for information systems and organizations,” National Institute of Standards and Technology, SP 800-53 Rev. 5, 2020. doi: 10.6028/NIST.SP.800-53r5.',
    '[1]',
  ],
  rcore2023: [
    '[1] R Core Team, “R: A language and environment for statistical computing.” R Foundation for Statistical Computing, 2023. [Online]. Available: https://www.R-project.org/',
    '[1]',
  ],
  who2023: [
    '[1] World Health Organization, “Coronavirus disease (COVID-19) pandemic,” World Health Organization, May 05, 2023. https://www.who.int/emergencies/diseases/novel-coronavirus-2019',
    '[1]',
  ],
  // The IEEE guide names the director ("C. Nolan, Director"); the IEEE style file reads no director.
  nolan2010: [
    '[1] Inception, (2010).',
    '[1]',
  ],
  beethoven1808: [
    '[1] L. van Beethoven, Symphony no. 5 in C minor. Leipzig: Breitkopf & Härtel, 1808.',
    '[1]',
  ],
  devlin2019: [
    '[1] J. Devlin, M.-W. Chang, K. Lee, and K. Toutanova, “BERT: Pre-training of deep bidirectional transformers for language understanding.” arXiv, 2019. [Online]. Available: https://arxiv.org/abs/1810.04805',
    '[1]',
  ],
  gladwell2000: [
    '[1] M. Gladwell, “The new-boy network,” The New Yorker, pp. 68–86, May 29, 2000.',
    '[1]',
  ],
  carey2019: [
    '[1] B. Carey, “Can we get better at forgetting?,” The New York Times, Mar. 22, 2019. [Online]. Available: https://www.nytimes.com/2019/03/22/health/memory-forgetting-psychology.html',
    '[1]',
  ],
  zalta2022: [
    '[1] E. N. Zalta, “Gottlob Frege,” The Stanford Encyclopedia of Philosophy. Stanford University, 2022. [Online]. Available: https://plato.stanford.edu/entries/frege/',
    '[1]',
  ],
  page1998: [
    '[1] L. Page, “Method for node ranking in a linked database,” US 6,285,999, Sep. 04, 2001',
    '[1]',
  ],
  goodfellow2016: [
    '[1] I. Goodfellow, Y. Bengio, and A. Courville, Deep learning. Cambridge, MA: MIT Press, 2016.',
    '[1]',
  ],
  garcia2015: [
    '[1] L. de la Peña and A. García Márquez, “Particle physics at the energy frontier,” Physical Review Letters, vol. 114, no. 19, p. 191803, 2015.',
    '[1]',
  ],
  piketty2014: [
    '[1] T. Piketty, Capital in the twenty-first century. Cambridge, MA: Belknap Press, 2014.',
    '[1]',
  ],
  hinton2006: [
    '[1] G. E. Hinton and R. R. Salakhutdinov, “Reducing the dimensionality of data with neural networks,” Science, vol. 313, no. 5786, pp. 504–507, 2006, doi: 10.1126/science.1127647.',
    '[1]',
  ],
};
const library = createStyleLibrary({ bundledDir: path.resolve(import.meta.dirname, '../../../resources/csl'), userDir: path.join(import.meta.dirname, 'no-user-styles') });
const formatter = createCitationFormatter(library);
const items = REFERENCE_DOCUMENTS.map(documentToCsl);

describe.each([
  ['apa', APA_7],
  ['chicago-author-date', CHICAGO_AUTHOR_DATE],
  ['ieee', IEEE],
] as const)('%s', (style, expected) => {
  it.each(REFERENCE_DOCUMENTS.map((d, i) => [d.id, i] as const))('%s', (id, index) => {
    const item = [items[index]!];
    const [bibliography, inText] = expected[id]!;
    expect(formatter.bibliography(item, { style, locale: 'en-US', output: 'text' }).entries[0]!.trim()).toBe(bibliography);
    expect(formatter.citation(item, { style, locale: 'en-US', output: 'text' })).toBe(inText);
  });
});
