// The document type, from the words of page 1 and where they sit: a title page that says
// it was submitted for a degree is a thesis; a report names itself; a conference paper
// carries the conference's name in its head or foot; a journal article its journal's
// reference line, an abstract with affiliations, or a received/accepted history; a sparse
// cover with a publisher or an ISBN is a book. Anything else is a generic document
// (manuals, package vignettes), which is also what an unsure answer falls back to.
import type { ExtractedDocumentType } from './types.ts';

export interface TypeEvidence {
  /** Every line of page 1, top to bottom. */
  lines: string[];
  /** The lines of the page's top and bottom margins and the title block. */
  head: string[];
  pageCount: number;
  /** Characters of text on page 1. */
  textLength: number;
  hasAbstract: boolean;
  hasAffiliations: boolean;
  hasIsbn: boolean;
}

export interface DetectedType {
  type: ExtractedDocumentType;
  confidence: number;
}

const THESIS = [
  /\bin partial (?:ful)?fil?l?ment\b/i,
  /\b(?:a |doctoral |master'?s |bachelor'?s |ph\.? ?d\.? |m\.? ?sc\.? )?(?:thesis|dissertation)\b(?! class| template| style)/i,
  /\b(?:submitted|presented) (?:to|for) the (?:faculty|degree|university|department)\b/i,
  /\bdegree of (?:doctor|master|bachelor)\b/i,
  /\b(?:doctor of philosophy|master of (?:science|arts)|bachelor of (?:science|arts))\b/i,
  /\b(?:masterarbeit|bachelorarbeit|diplomarbeit|dissertationsschrift|zur erlangung des (?:grades|akademischen grades))\b/i,
  /\b(?:thèse (?:présentée|de doctorat)|th[eè]se pour|tesis (?:doctoral|de (?:maestr[ií]a|licenciatura))|que para obtener el t[ií]tulo|tese de doutorado|disserta[çc][ãa]o de mestrado|trabalho de conclus[ãa]o)\b/i,
  /πτυχιακη εργασια|διπλωματικη εργασια|学位论文|博士学位|硕士学位/i,
];

const REPORT = [
  /\b(?:technical|research|final|annual|progress|project|lab(?:oratory)?|internship|term|special|interim|activity|status) report\b/i,
  /\breport (?:no\.?|number|series)\b/i,
  /\bworking papers?(?: series)?\b/i,
  /\b(?:praktikumsbericht|endbericht|abschlussbericht|forschungsbericht|zwischenbericht|rapport (?:technique|de recherche)|relat[óo]rio t[ée]cnico|informe t[ée]cnico)\b/i,
  /\bles cahiers du gerad\b/i,
  /\b(?:ERDC|CRREL|NASA|RAND)[/ ][A-Z]{1,4}[- ]?\d/,
];

const CONFERENCE = [
  /\bproceedings\b|\bproc\.\s+(?:of|\d)/i,
  /\b(?:international |annual |national )?(?:conference|symposium|workshop|congress)\b(?! on the web)/i,
  /\b(?:herbsttagung|frühjahrstagung|tagung|colloque|congrès|congreso|jornadas)\b/i,
  /\bconference acronym\b|\bIn Proceedings of\b/i,
  /\b[A-Z]{2,}[- ]?(?:'|’)?\d{2,4}\b.*\b(?:paper|conference)\b/i,
];

const JOURNAL = [
  /\bjournal\b|\bjournals\b|\bzeitschrift\b|\brevista\b|\brevue\b|\bgazette\b|\bgaceta\b|\bzpravodaj\b|\bannals of\b|\btransactions on\b|\bletters\b|\btugboat\b|\bcahiers\b/i,
  /\bvol(?:ume)?\.?\s*\d+\b|\b\d+\s*\((?:19|20)\d\d\)/i,
  /\b(?:received|accepted|published online|available online|advance access)\b/i,
  /\bissn\b|\bpreprint submitted to\b|\bmanuscript\b|\b(?:research|original|review|regular|general) article\b/i,
];

const BOOK = [
  /\bisbn\b/i,
  /\b(?:press|verlag|publishing|publishers?|publica[çc][õo]es|[ée]ditions?|editora|editorial)\b/i,
];

const any = (patterns: RegExp[], texts: string[]) => patterns.some((re) => texts.some((t) => re.test(t)));

export function detectDocumentType(e: TypeEvidence): DetectedType {
  // A degree is named on the title page itself, wherever it sits on it.
  if (any(THESIS, e.lines.slice(0, 40))) return { type: 'thesis', confidence: 0.8 };
  if (any(REPORT, e.head)) return { type: 'report', confidence: 0.75 };
  if (any(CONFERENCE, e.head)) return { type: 'conference_proceedings', confidence: 0.7 };
  const sparse = e.textLength < 600;
  if (sparse && !e.hasAbstract && (e.hasIsbn || any(BOOK, e.lines)) && e.pageCount >= 20) return { type: 'book', confidence: 0.6 };
  if (any(JOURNAL, e.head)) return { type: 'journal', confidence: 0.65 };
  if (e.hasAbstract && e.hasAffiliations) return { type: 'journal', confidence: 0.55 };
  return { type: 'generic', confidence: 0.5 };
}
