// The document type, from the words of page 1 and where they sit: a title page that says
// it was submitted for a degree is a thesis; a report names itself; a conference paper
// carries the conference's name in its head or foot; a journal article its journal's
// reference line, an abstract with affiliations, or a received/accepted history; a sparse
// cover with a publisher or an ISBN is a book. Anything else is a generic document
// (manuals, package vignettes), which is also what an unsure answer falls back to.
import { isDateLine, ISSUE_CITATION } from './dates.ts';
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
  /** A keywords line in the header (a paper's, even when its abstract has no heading). */
  hasKeywords?: boolean;
  /** Lines anywhere on the page naming a venue with its year and place ("Conference acronym 'XX, June 03-05, 2018, Woodstock, NY"). */
  venue?: string[];
  /** The title found, if any. */
  title?: string;
  /** The title's first line, without the lines set under it ("Tachyon User's Guide" over "Under Development"). */
  titleHead?: string;
  /** The title the PDF records, if any ("Chronosys documentation -english-"). */
  recordedTitle?: string;
}

export interface DetectedType {
  type: ExtractedDocumentType;
  confidence: number;
}

/** Phrases that only a thesis's title page prints, wherever they sit on it. */
const THESIS = [
  /\bin partial (?:ful)?fil?l?ment\b/i,
  /\b(?:submitted|presented) (?:to|for) the (?:faculty|degree|university|department)\b/i,
  /\bdegree of (?:doctor|master|bachelor)\b/i,
  /\b(?:doctor of philosophy|master of (?:science|arts)|bachelor of (?:science|arts))\b/i,
  /\b(?:zur erlangung des (?:grades|akademischen grades)|eingereicht am fachhochschul)/i,
  /\b(?:master|bachelor|diplom|doktor|abschluss)arbeit\b|\b(?:master|bachelor)'?s thesis\b/i,
  // "Proefschrift voorgelegd tot", "Tese apresentada à" (set without its space too), "Thesis submitted in fulfilment".
  /\b(?:thesis|dissertation|proefschrift|tese|tesis)\s*(?:submitted|presented|voorgelegd|apresentada|presentada)\b|\bmasterproef\b/i,
  /\b(?:th[eè]se (?:pr[eé]sent[eé]e|de doctorat)|th[eè]se pour|tesis (?:doctoral|de (?:maestr[ií]a|licenciatura))|(?:que )?para obtener el (?:t[ií]tulo|grado)|tese de doutorado|disserta[çc][ãa]o de mestrado|trabalho de conclus[ãa]o|projeto final de curso|tesi di (?:laurea|dottorato)|proefschrift tot)\b/i,
  /πτυχιακη εργασια|διπλωματικη εργασια|学位论文|博士学位|硕士学位|卒業論文|修士論文|博士論文/i,
  // The degree's words in other languages: Polish, Czech and Slovak, Russian, the Nordic languages, Dutch, Hungarian,
  // Turkish, Spanish and Catalan, Indonesian, Vietnamese and Korean.
  /(?<!\p{L})(?:praca (?:magisterska|licencjacka|in[zż]ynierska|doktorska|dyplomowa)|rozprawa doktorska|(?:diplomov[áa]|bakal[áa]ř?r?sk[áa]|diserta[čc]n[íá]|dizerta[čc]n[áa]) pr[áa]c[ea]|examensarbete|doktorsavhandling|masteruppsats|masteroppgave|pro gradu|diplomity[öo]|v[äa]it[öo]skirja|(?:master|bachelor|afstudeer)scriptie|szakdolgozat|diplomamunka|doktori [ée]rtekez[ée]s|(?:y[üu]ksek lisans|doktora) tezi|trabajo (?:de )?fin de (?:grado|m[áa]ster|carrera)|treball de fi de (?:grau|m[àa]ster)|skripsi|lu[ậa]n (?:v[ăa]n|[áa]n) (?:th[ạa]c s[ĩi]|ti[ếe]n s[ĩi]|t[ốo]t nghi[ệe]p))(?!\p{L})/iu,
  /(?:магистерская |кандидатская |докторская )?диссертаци[яи] на соискание|выпускная квалификационная работа|дипломная работа|магистерская диссертация|학위논문|석사학위|박사학위/i,
];

/** A Chinese or Japanese degree thesis's banner on a line of its own ("本科毕业论文(设计)", "硕士学位论文", "修士論文"), its letters
 * sometimes drawn twice for a bold face ("硕士学位论文硕硕硕士学位论文"): it makes the page a thesis's, and it is not the title. */
export const CJK_DEGREE_BANNER = /^(?=.*(?:论文|論文|设计))[本专科硕博学士位毕业论文设计研究生修卒業論()（）\s]{4,24}$/u;

/** A thesis's label on a line of its own ("A THESIS", "MASTERARBEIT", "Doctoral Dissertation"), letter-spaced or not. */
const THESIS_LABEL = /^(?:an?\s*)?(?:(?:doctoral|master'?s?|bachelor'?s?|ph\.?d\.?|diploma)\s*)?(?:thesis|dissertation|masterarbeit|bachelorarbeit|diplomarbeit|dissertationsschrift|thèse|tesis|tese|tesi)\b/i;

const REPORT = [
  /\b(?:technical|research|final|annual|progress|project|lab(?:oratory)?|internship|term|special|interim|activity|status) report\b/i,
  /\breport (?:no\.?|number|series)\b/i,
  /\bworking papers?(?: series)?\b/i,
  /\b(?:projektarbeit|studienarbeit|praxisbericht|praktikumsbericht|endbericht|abschlussbericht|forschungsbericht|zwischenbericht|laborbericht|rapport (?:technique|de recherche)|relat[óo]rio t[ée]cnico|informe t[ée]cnico|onderzoeksrapport|eindrapport|projectrapport|(?:stage|eind|project)verslag)\b/i,
  // A German exercise or lab report ("Übungsabgabe 3"): \b does not see a word start before "Ü".
  /(?<!\p{L})(?:übungs(?:bericht|abgabe)|laborbericht)\b/iu,
  /\b(?:ERDC|CRREL|NASA|RAND)(?:\/[A-Z]+)?\s+[A-Z]{1,4}-?\d/,
  // A laboratory's preprint number, as particle physics prints it at the top right ("Nikhef 2015-025", "CERN-TH-2019-123",
  // "DESY 19-001", "SLAC-PUB-17345", "FERMILAB-PUB-19-123-T").
  /^(?:Nikhef|NIKHEF|CERN|DESY|FERMILAB|SLAC|KEK|IPPP|MPP|BNL|LBNL|TTP|CP3)(?:[-/][A-Z]{2,5})*[-/\s]\d{2,6}(?:[-/]\d{2,6})?(?:-[A-Z]{1,3})*$/,
  /\btechnical (?:memorandum|note)\b|\bwhite paper\b/i,
  // A proposal, labelled or titled so ("Research Proposal", "Proposal for Offering ...", "Projektantrag").
  /^(?:(?:research|project|grant|funding|thesis|phd)\s+)?proposal\b|\bproject proposal\b|\b(?:projekt|forschungs)antrag\b|\bproposition de (?:projet|recherche)\b/i,
];

/** A government report's distribution statement, wherever page 1 prints it. */
const DISTRIBUTION = /\bapproved for public release\b|\bdistribution (?:is )?unlimited\b/i;

const CONFERENCE = [
  /\bproceedings\b|\bproc\.\s+(?:of|\d)/i,
  /\b(?:international |annual |national )?(?:conference|symposium|workshop|congress)\b(?! on the web)|\bannual (?:general )?meeting\b/i,
  /\b(?:herbsttagung|frühjahrstagung|tagung|colloque|congrès|congreso|jornadas)\b/i,
  /\bconference acronym\b|\bIn Proceedings of\b/i,
  // A proceedings line that names its meeting ("Proceedings of the 2001 Annual Meeting", as a journal's proceedings issue prints it
  // beside its volume): it counts once more, so that the issue's volume and name do not outweigh it.
  /\bproceedings of the\s+(?:(?:19|20)\d\d\s+)?(?:\p{L}+\s+){0,3}(?:meeting|conference|symposium|workshop|congress)\b/iu,
  // A conference's paper number with its year ("Paper 999-2021", "IMECE2023-1234").
  /^paper\s+[a-z]*\d+-(?:19|20)\d\d\b/i,
];

/** An issue's number after a magazine's or newsletter's name ("#1102", "No. 12", "issue 4"); layoutFields.ts reads issue lines with it too. */
export const ISSUE_NUMBER = String.raw`.{0,30}?(?:#\s?\d+|\bno\.?\s*\d+|\bissue\s+\d+)`;

/** A journal's dates of receipt and acceptance ("Received: 3 March 2019", "accepted in revised form 12 May"), not the words of a
 * sentence, even at a line's start ("the class of" / "accepted grammars is LL(1)"). */
const RECEIVED_OR_ACCEPTED = /\b(?:published online|available online|advance access)\b|\b(?:received|accepted)\b(?=\s*(?::|\(|\d|on\s|in (?:revised|final) form|for publication|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\.?\s+\d))/i;

const JOURNAL = [
  new RegExp(String.raw`\bjournal\b|\bjournals\b|\b(?:magazine|newsletter)\b${ISSUE_NUMBER}|\bzeitschrift\b|\brevista\b|\brevue\b|\bgazette\b|\bgaceta\b|\bzpravodaj\b|\bannals of\b|\btransactions on\b|\bletters\b|\btugboat\b|\bcahiers\b`, 'i'),
  /\bvol(?:ume)?\.?\s*\d+\b|\b\d+\s*\((?:19|20)\d\d\)/i,
  RECEIVED_OR_ACCEPTED,
  /\bissn\b|\bpreprint submitted to\b|\bmanuscript\b|\b(?:research|original|review|regular|general) article\b|\barticle\s+\d+\b/i,
  ISSUE_CITATION,
];

/** The parts of a journal's header that a guide naming the journal does not print. */
const JOURNAL_HEADER = [
  /\bvol(?:ume)?\.?\s*\d+\b|\b\d+\s*\((?:19|20)\d\d\)/i,
  RECEIVED_OR_ACCEPTED,
  /\bissn\b|\bpreprint submitted to\b/i,
];

const BOOK = [
  /\bisbn\b/i,
  /\b(?:press|verlag|publishing|publishers?|publica[çc][õo]es|[ée]ditions|éditeurs?|editora|editorial)\b/i,
];

/** What a guide or manual calls itself, in the corpus's languages. */
const DOC_WORD = String.raw`(?:(?:document )?class(?:e|es)?|clase|package|pakiet|pacchetto|paket|dokumentklasse|klasse|bundle|macros|manual[e]?|handbook|handbuch|podręcznik|documentation|dokumentation|tutorial|user['’]?s? guide|guide|reference(?: manual)?|faq|language definition)`;

/** A guide's own name for itself, which may go on to say what for ("Manual for Using ...", "A Guide to ..."). */
const GUIDE_WORD = String.raw`(?:manual[e]?|handbook|handbuch|podręcznik|documentation|dokumentation|tutorial|user['’]?s? guide|guide|reference manual)`;

/** A title that is only the name of what it documents ("The ekaia package", "Die Dokumentklasse jura",
 * "Why3 Documentation", "Guide to ...", "A Tutorial on ..."), or that says it shows how ("How to ...", "Getting started with ..."):
 * a paper about a package says more ("The huge Package for ..."), and so may a vignette's introduction with an abstract. */
const DOCUMENTATION_TITLE = new RegExp(String.raw`^how\s+to\b|^getting\s+(?:started|up and running)\b|^(?:(?:the|die|der|das|la|le|il|a|an)\s+)?(?:[^\s-]+[\s-]+){0,3}${DOC_WORD}(?:\s+\S+)?$|^(?:\S+\s+){0,2}${GUIDE_WORD}\s+(?:to|for|of|on|per|pour|für|para|de|dla)\b|^(?:(?:the|die|der|das|la|le|il)\s+)?${DOC_WORD}\b`, 'iu');

/** A manual's short version, release or edition line near its title ("Release 1.5.1", "Edition 7 for Octave version 7.3.0", "wersja 1.3.6",
 * a TeX guide's "2017/11/20, v0.4"). */
const VERSION_LINE = /^(?=.{0,60}$)(?:(?:19|20)\d\d[/-]\d\d[/-]\d\d,?\s+)?\(?(?:(?:version|versione|versión|versão|wersja|release|edition|v\.?)\s*\d+(?:\.\d+)+\b|.{0,40}\b(?:version|versione|versión|release)\s+v?\d+(?:\.\d+)+)/i;

/** What a TeX guide documents, in the corpus's languages ("package", "Paket", "macro", "extension"). */
const GUIDE_NOUN = String.raw`(?:class|package|style|bundle|macros?|klasse|paket|makros?|classe|paquet|extension|pacchetto|paquete|pakiet)`;

/** A TeX guide's first lines saying what it documents, in German, French, Italian and Spanish ("Das vorliegende Dokument beschreibt das Paket", "Diese Klasse ist", "Ce package permet"). */
const TEX_GUIDE_TEXT_OTHER = /\b(?:beschreibt|décrit|descrive|describe)\s+(?:das|die|le|la|l['’]|il|el)\s*(?:paket|klasse|package|classe|extension|pacchetto|paquete|clase)\b|\b(?:diese[sr]?|ce(?:tte)?|questo|questa|este|esta)\s+(?:\S+\s+)?(?:paket|klasse|package|classe|extension|pacchetto|classe|paquete|clase)\s+(?:ist|bietet|stellt|dient|ermöglicht|est|permet|fournit|propose|offre|è|fornisce|permette|es|proporciona|permite)\b/i;

/** A LaTeX class's or package's guide, by its title ("The ebsthesis document class for use with LaTeX",
 * "LaTeX Style For Technical Information Reports", "Neue BibTeX-Style-Files", "Una guía esencial para el correcto uso de LaTeX") or by what its first lines say it does ("This
 * package provides a class for typesetting articles"): an abstract does not make it a paper. */
const TEX_GUIDE_TITLE = new RegExp(String.raw`\b(?:bib)?(?:la)?tex\b.*\b${GUIDE_NOUN}\b|\b(?:guide|guía|guia|guida|leitfaden)\b.*\b(?:bib)?(?:la)?tex\b|\b(?:document class|${GUIDE_NOUN})\b.*\b(?:bib)?(?:la)?tex\b|\b(?:document ?class|dokumentklasse|classe de document|clase de documento)\b`, 'iu');
const TEX_GUIDE_TEXT = /\b(?:this|the)\s+(?:\S+\s+)?(?:package|class|bundle)\s+(?:provides|implements|facilitates|defines|offers|is intended)\b.*\b(?:typeset\w*|(?:bib)?(?:la)?tex|pstricks|tikz|metapost)\b|\b(?:this|the)\s+(?:\S+\s+)?(?:package|class|bundle)\s+(?:provides|implements|facilitates|defines|offers)\s+(?:an?\s+)?(?:document\s+)?class\b|\bclass\s+for\s+typesetting\b/i;

/** A guide's abstract or first lines saying what it documents ("This article describes the gearbox package",
 * "This document describes the margbib document style"). */
const ABOUT_A_GUIDE = /\bthis is (?:the )?(?:documentation|manual|user['’]?s? guide) (?:of|for)\b|\b(?:this|the present)\s+(?:article|document|paper|note|manual|guide|documentation)\s+(?:describes|documents|explains|presents|introduces)\s+(?:the\s+)?(?:[^\s.]+\s+){0,4}?(?:package|class|bundle|fonts?|macros?|style|format)\b/i;

/** A guide's abstract saying what the package or class it documents is or is for ("Antomega is a language support package for",
 * "The tracklang package is provided for", "The classes smfbook and smfart are intended to help", "Das Paket umfasst"). */
const PACKAGE_DESCRIBED = /\b(?:is|are)\s+an?\s+(?:[\w-]+\s+){0,3}?(?:package|class|bundle)\s+(?:for|that|which)\b|\b(?:this|the|these)\s+(?:\S+\s+){0,3}?(?:packages?|class(?:es)?|bundles?)\s+(?:\S+\s+){0,3}?(?:is|are)\s+(?:provided|designed|intended|meant)\b|\b(?:das|dieses)\s+(?:\S+\s+)?paket\s+(?:umfa(?:ß|ss)t|enthält|bietet|stellt)\b/i;

/** A title that names a TeX file ("dhua.sty for German abbreviations", "rtklage.cls v 0.01"): that file's guide. */
const TEX_FILE_TITLE = /\b[\w-]+\.(?:sty|cls|dtx|ins|bst|bbx|cbx|ldf)\b/i;

/** A sentence whose subject is a TeX file ("The vancouver.bst style file is ...", "This gears.sty package ..."). */
const TEX_FILE_SUBJECT = /(?:^|[.!?]\s+)(?:the|this)\s+[\w-]+\.(?:sty|cls|bst|bbx|cbx|dtx)\b/i;

/** A title naming a package or class by its lower-case name ("Extensions to the ltxdoc class"); a guide when TeX is named on the page. */
const NAMED_PACKAGE_TITLE = /\b[Tt]he\s+[a-z][a-z0-9-]*\s+(?:package|class|bundle)\b/;

/** A manual's label on a line of its own in the title block ("User Manual", "Reference Guide", "User Documentation for version 1.0"). */
const MANUAL_LABEL = /^(?:(?:users?['’]?s?|reference|installation|programmer['’]?s|administrator['’]?s)\s+)?(?:manual|guide|handbook|documentation)(?:\s+for\s+version\b.*)?$/i;

/** A recorded title that names the document a manual ("Chronosys documentation -english-", "Gearbox User's Guide"). */
const RECORDED_MANUAL = /\b(?:documentation|dokumentation|manual|handbook|handbuch|user['’]?s? guide|reference guide)\b/i;

/** A program's or package's guide saying in its first lines, TeX or not, that it shows how to do something ("This document
 * describes how to use the deSolve package", "This short manual describes how to use the Columbus module", "It is shown by example how a model is fitted"). A paper calls itself a paper
 * or an article (a vignette that reprints one says "This vignette introduces" or "illustrates", and is typed as the paper),
 * and a class's specimen article that shows how to use its class is typed as the article it is set as. */
const HOW_TO_GUIDE = /\b(?:this|the present)\s+(?:(?:short|brief|little)\s+(?:guide|manual|tutorial)|document|note|guide|manual|tutorial)\s+(?:describes|explains|shows|illustrates|demonstrates|documents)\s+(?:\w+ly\s+)?how\b(?!.{0,100}\b(?:class|template|style)\b)|\bit is shown(?:\s+by\s+(?:an?\s+)?examples?)?\s+how\b/i;

/** A document that calls itself a report in its own words ("the test routine contained in this report",
 * "The preparation of this report was supported by ...", "This report describes"), as a report's title page or
 * preface does; a template's "if you wish to write this report in German" is about the reader's report. */
const SELF_REPORT = /\b(?:in|of|contained in|throughout)\s+(?:this|the present)\s+(?:technical\s+|research\s+|final\s+)?report\b|\b(?:this|the present)\s+(?:technical\s+|research\s+|final\s+)?report\s+(?:describes|presents|documents|contains|summari[sz]es|gives|is)\b/i;

/** A title that names the document a report ("Accessibility Conformance Report", "Report on the Gear Survey"). */
const REPORT_TITLE = /\breport$|^(?:(?:an?|the)\s+)?(?:\S+\s+){0,2}report\s+(?:on|of|to|for|from)\b/i;

/** TeX named on the page ("LaTeX", "LATEX", "pdfTeX"): the context in which a guide's own words above say it documents a TeX package. */
const TEX_NAMED = /(?:la|pdf|xe|lua)?tex\b/i;

/** A version tag anywhere on a line ("Lenses and Mirrors; v.1.02", "Version 2.1"). */
const VERSION_TAG = /(?:^|[\s;,(])(?:v\.?\s?|version\s+)\d+(?:\.\d+)+[a-z]?\b/i;

const any = (patterns: RegExp[], texts: string[]) => patterns.some((re) => texts.some((t) => re.test(t)));

const count = (patterns: RegExp[], texts: string[]) => patterns.filter((re) => texts.some((t) => re.test(t))).length;

export function detectDocumentType(e: TypeEvidence): DetectedType {
  // A degree is named on the title page itself, wherever it sits on it.
  const titlePage = e.lines.slice(0, 40);
  // A label spaced so widely that each letter is a line of its own ("T E S I S") is read joined up.
  const letterRuns = titlePage.join('\n').match(/(?:^\S\n){3,}\S$/gm)?.map((run) => run.replace(/\n/g, '')) ?? [];
  // A label in a contents list ("Dissertation Typesetting") is not the page's own: only the head's lines count.
  const labels = [...titlePage.filter((l) => l.length <= 40 && e.head.includes(l)).map((l) => [l, l.replace(/\s+/g, '')]).flat(), ...letterRuns];
  // Accents may be lost or set apart in the text layer ("These presentee par"): the phrases are read with them folded away too.
  const folded = titlePage.map((l) => l.normalize('NFKD').replace(/\p{M}/gu, ''));
  // A thesis class's guide prints a degree's words too ("南京大学学位论文模板" under "The njuthesis class"): its title names the class.
  const namesPackage = !!e.title && (NAMED_PACKAGE_TITLE.test(e.title) || TEX_FILE_TITLE.test(e.title));
  if (!namesPackage && (any(THESIS, [...titlePage, ...folded]) || labels.some((l) => THESIS_LABEL.test(l) || CJK_DEGREE_BANNER.test(l)))) return { type: 'thesis', confidence: 0.8 };
  // Documentation (a class's guide, a package's or program's manual) names what it documents
  // in its title or carries a version line under it; a thesis class's guide is not a thesis.
  // A guide's sentence about itself may run over two lines: each line is read with the next.
  const first = e.lines.slice(0, 40);
  const pairs = first.map((l, i) => (i + 1 < first.length ? `${l} ${first[i + 1]}` : l));
  const texNamed = first.some((l) => TEX_NAMED.test(l));
  // A guide's first sentence naming the TeX file it documents ("The vancouver.bst bibliographic style file (for LaTeX/BibTeX) is ...").
  const namesTexFile = pairs.slice(0, 12).some((l) => TEX_FILE_SUBJECT.test(l));
  const documentation = namesTexFile && texNamed || (!!e.title && (DOCUMENTATION_TITLE.test(e.title) || !!e.titleHead && DOCUMENTATION_TITLE.test(e.titleHead) || TEX_GUIDE_TITLE.test(e.title) || TEX_FILE_TITLE.test(e.title) || NAMED_PACKAGE_TITLE.test(e.title) && texNamed)) || e.head.some((l) => VERSION_LINE.test(l)) || pairs.some((l) => TEX_GUIDE_TEXT.test(l)) || (pairs.some((l) => TEX_GUIDE_TEXT_OTHER.test(l) || ABOUT_A_GUIDE.test(l) || PACKAGE_DESCRIBED.test(l)) && texNamed) || e.head.some((l) => MANUAL_LABEL.test(l.trim())) || !!e.recordedTitle && RECORDED_MANUAL.test(e.recordedTitle);
  // A guide that says it shows how to use something is one even when set in a journal's style with a keywords line.
  // Read over the lines joined, so that what a sentence says it shows how to use is seen even on its next line.
  const howTo = HOW_TO_GUIDE.test(first.join(' '));
  // A guide named after the venue or kind of paper it is for ("The gearconf class for Gear Conference proceedings"):
  // the words of its own title do not make it that venue's paper or a report; the rest of the page must say so.
  // One set as a specimen of the venue's paper, with its abstract, is typed as that venue's.
  const evidence = documentation && e.title && !e.hasAbstract ? e.head.filter((l) => !e.title!.includes(l.trim())) : e.head;
  // A title that calls the document a thesis.
  if (e.title && /\b(?:thesis|dissertation)\b|abschlussarbeit/i.test(e.title) && !documentation) return { type: 'thesis', confidence: 0.6 };
  if (any(REPORT, evidence) || e.lines.some((l) => DISTRIBUTION.test(l))) return { type: 'report', confidence: 0.75 };
  // A journal issue may print "Proceedings of ... Conference" too: the stronger evidence wins.
  const head = [...evidence, ...(e.venue ?? [])];
  const conference = count(CONFERENCE, head);
  if (conference && conference > count(JOURNAL, head)) return { type: 'conference_proceedings', confidence: 0.7 };
  // A page that calls itself a report, or a title that does, without a journal's header (an article may say "in this report").
  const selfReport = pairs.some((l) => SELF_REPORT.test(l)) || !!e.title && REPORT_TITLE.test(e.title.trim());
  if (selfReport && !documentation && !howTo && !any(JOURNAL_HEADER, e.head)) return { type: 'report', confidence: 0.6 };
  const sparse = e.textLength < 600;
  const cover = sparse && !e.hasAbstract && e.pageCount >= 10;
  if (cover && (e.hasIsbn || any(BOOK, e.lines))) return { type: 'book', confidence: 0.6 };
  // A journal's own header (its volume, a received date, an ISSN), not a guide that names the
  // journal it is for, makes a class guide an article; so does a keywords line, which papers print and guides do not.
  if ((documentation && !e.hasKeywords || howTo) && !any(JOURNAL_HEADER, e.head)) return { type: 'generic', confidence: 0.55 };
  // A bare cover is a book's only when it carries no day's date or version tag, which a manual's cover does
  // ("pst-fill / A PSTricks package for ...; v.1.02 / October 1, 2021") and a book's title page does not.
  if (cover && e.textLength < 150 && !e.lines.some((l) => isDateLine(l) || VERSION_TAG.test(l))) return { type: 'book', confidence: 0.6 };
  if (any(JOURNAL, e.head)) return { type: 'journal', confidence: 0.65 };
  // A paper's shape: an abstract (with affiliations, surer).
  if (e.hasAbstract) return { type: 'journal', confidence: e.hasAffiliations ? 0.6 : 0.5 };
  if (e.hasKeywords && e.hasAffiliations) return { type: 'journal', confidence: 0.5 };
  return { type: 'generic', confidence: 0.5 };
}
