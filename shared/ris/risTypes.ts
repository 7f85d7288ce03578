// RIS reference types <-> document types, both ways.
import type { DocumentType } from '../schemas/document.ts';

const FROM_RIS: Record<string, DocumentType> = {
  JOUR: 'journal', JFULL: 'journal', EJOUR: 'journal', ABST: 'journal', INPR: 'journal',
  BOOK: 'book', EBOOK: 'book', EDBOOK: 'book', CHAP: 'book_section', ECHAP: 'book_section',
  CONF: 'conference_proceedings', CPAPER: 'conference_proceedings', RPRT: 'report', GOVDOC: 'report',
  THES: 'thesis', ELEC: 'web_page', WEB: 'web_page', BLOG: 'web_page', PAT: 'patent',
  NEWS: 'newspaper_article', MGZN: 'magazine_article', COMP: 'computer_program', CASE: 'case',
  BILL: 'bill', HEAR: 'hearing', STAT: 'statute', ENCYC: 'encyclopedia_article', DICT: 'encyclopedia_article',
  MPCT: 'film', VIDEO: 'film', SOUND: 'television_broadcast', UNPB: 'working_paper', MANSCPT: 'working_paper',
  GEN: 'generic', STD: 'generic', SER: 'book', DATA: 'generic',
};

const TO_RIS: Record<DocumentType, string> = {
  journal: 'JOUR', book: 'BOOK', generic: 'GEN', book_section: 'CHAP', conference_proceedings: 'CONF',
  working_paper: 'UNPB', report: 'RPRT', web_page: 'ELEC', thesis: 'THES', magazine_article: 'MGZN',
  statute: 'STAT', patent: 'PAT', newspaper_article: 'NEWS', computer_program: 'COMP', hearing: 'HEAR',
  television_broadcast: 'SOUND', encyclopedia_article: 'ENCYC', case: 'CASE', film: 'MPCT', bill: 'BILL',
};

export function documentTypeOfRis(code: string): DocumentType {
  return FROM_RIS[code.trim().toUpperCase()] ?? 'generic';
}

export function risTypeOf(type: DocumentType | string | undefined): string {
  return TO_RIS[(type ?? 'journal') as DocumentType] ?? 'GEN';
}
