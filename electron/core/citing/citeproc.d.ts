// The part of citeproc-js (npm `citeproc`, no type declarations of its own) RefShelf uses.
declare module 'citeproc' {
  interface CiteprocSys {
    retrieveLocale(lang: string): string | undefined;
    retrieveItem(id: string): Record<string, unknown>;
  }
  interface BibliographyParams {
    entry_ids: string[][];
    bibliography_errors: unknown[];
    bibstart: string;
    bibend: string;
  }
  export class Engine {
    constructor(sys: CiteprocSys, style: string, lang?: string, forceLang?: boolean);
    opt: { xclass: string; 'default-locale': string[] };
    bibliography: { tokens: unknown[] };
    setOutputFormat(format: 'html' | 'text' | 'rtf'): void;
    updateItems(ids: string[]): void;
    makeBibliography(): [BibliographyParams, string[]] | false;
    makeCitationCluster(items: { id: string }[]): string;
  }
  /** Case mapping by the state's languages (`this` is the engine's state); see localeCasing.ts. */
  type CaseMapper = (this: { tmp: { lang_array?: string[] } }, text: string) => string;
  const CSL: { Engine: typeof Engine; toLocaleLowerCase: CaseMapper; toLocaleUpperCase: CaseMapper };
  export default CSL;
}
