// The independent CSL styles and the locales shipped in resources/csl/ (copied from the
// official CSL repositories by scripts/refresh-csl.ts). Ids are the styles' file names.
export const BUNDLED_STYLES = [
  'apa', 'chicago-author-date', 'chicago-note-bibliography', 'modern-language-association',
  'harvard-cite-them-right', 'ieee', 'vancouver', 'nature', 'science', 'cell', 'plos',
  'american-chemical-society', 'american-medical-association', 'association-for-computing-machinery',
  'springer-basic-author-date', 'springer-basic-brackets', 'elsevier-harvard',
] as const;

export const BUNDLED_LOCALES = [
  'en-US', 'en-GB', 'de-DE', 'de-AT', 'de-CH', 'fr-FR', 'fr-CA', 'es-ES', 'it-IT', 'nl-NL', 'pt-BR', 'pt-PT',
  'pl-PL', 'sv-SE', 'da-DK', 'nb-NO', 'fi-FI', 'cs-CZ', 'ru-RU', 'tr-TR', 'ja-JP', 'zh-CN', 'ko-KR',
] as const;

export const DEFAULT_STYLE = 'apa';
export const DEFAULT_LOCALE = 'en-US';
