// Author lines to people: split on commas, "and", "&" and superscript markers; keep only
// pieces shaped like personal names (affiliations, e-mails and dates are dropped).
import type { ExtractedPerson } from './types.ts';

const PARTICLES = new Set(['van', 'von', 'de', 'der', 'die', 'das', 'den', 'da', 'di', 'du', 'le', 'la', 'del', 'della', 'dos', 'das', 'ten', 'ter', 'bin', 'ibn', 'al', 'el', 'st.', 'zu', "d'"]);

/** Particles that stay part of the family name when capitalised after a given name ("Timothy Van Zandt", "Bruno Le Floch"). */
const CAPITAL_PARTICLE = /^(?:Van|Von|De|Der|Den|Di|Du|Da|Del|Della|Dos|Le|La|Ten|Ter)$/;

/** Countries and two-word US states an address ends with ("Christchurch, New Zealand", "Fargo, North Dakota"); a name is not one. */
const COUNTRY = /\b(?:new zealand|(?:north|south) (?:dakota|carolina)|new (?:hampshire|jersey|mexico|york)|rhode island|west virginia|united (?:kingdom|states)|brazil|brasil|m[eé]xico|portugal|belgi(?:um|que|ë)|sweden|norway|finland|poland|polska|russia|india|korea|taiwan|singapore|argentina|chile|colombia|scotland|greece|hungary|czech(?: republic)?|slovakia|south africa)\b/i;

/** Words no personal name holds: institutions, roles, places, a document's parts and labels ("User Guide", "Course Title"),
 * function words of a subtitle in capitalised words ("One Of Many Solutions") and the verbs in -ing that start one
 * ("Featuring Multithread and XToolKit"; family names in -ing, "Manning", "Golding", are not among them). */
const NOT_A_NAME = /\b(?:the|editions?|thesis|dissertation|tesi|tesis|tese|laurea|professor\w*|assistant|associate|researcher|student|postdoc\w*|doktorand\w*|dozent\w*|candidate|univ\w*|verlag|member|fellow|your|our|their|this|these|curso|projeto|proyecto|engenharia|ingenier\w*|highway|foundations?|consortium|palace|pradesh|nagar|philosophy|lecturer|editor|chief|report|mechanical|words|point|master|inria|institut\w*|department|dept|project|team|school|cent(?:er|re)|laborator\w*|lab|statisti\w*|inc|ltd|gmbh|llc|books|press|publishing|publishers?|publications|hospital|clinic|research|science\w*|foundation|corporation|development|core|group|package|version|vignette|journal|college|faculty|academy|agency|national|society|association|company|enthusiasts|compiled|abstract|introduction|contents|summary|keywords|email|e-mail|http\w*|www|edu|org|com|road|street|avenue|germany|austria|france|switzerland|usa|canada|australia|denmark|netherlands|china|japan|italy|spain|uk|program\w*|software|ministry|council|division|network|technolog\w*|engineering|informati\w*|mathemati\w*|scientific|applied|computation\w*|computing|bioinformatics|biostatisti\w*|physics|chemistry|biolog\w*|economics|medicine|health|management|business|county|city|commission|preprint|draft|manuscript|copyright|license|licensed|typeset|revised|updated|processed|published|submitted|accepted|appendix|chapter|section|figure|table|manual|guide|handbook|tutorial|documentation|title|course|of|for|with|from|featuring|including|using|introducing|getting|making|building|modell?ing|processing|writing|typesetting|drawing|plotting|fitting|analy[sz]ing|estimating|simulating|visuali[sz]ing|implementing|understanding|exploring|solving|creating|handling|learning|teaching|testing)\b/i;

/** A team or an organisation signing the document: "The SuSE Proxy-Suite Core Development Team", "and the Lisaac team",
 * "L'équipe de Claws Mail", "Het LilyPond ontwikkelteam". */
export const TEAM_BYLINE = /^(?:and\s+)?(?:the\s+)?(?:[\p{L}\p{N}'’.&/+-]+\s+){0,5}(?:development|core|documentation|maintenance|project|translation|dev)\s+team$|^(?:and\s+)?the\s+[\p{L}\p{N}'’.+-]+(?:\s+[\p{L}\p{N}'’.+-]+)?\s+team$|^(?:and\s+)?(?:l['’]\s?équipe|das\s+team|el\s+equipo|la\s+squadra)\s+(?:de|d['’]|des|von|del|di)\b.{0,40}$|^(?:het\s+)?\S+\s+ontwikkelteam$|^(?:das\s+)?\S+-(?:entwickler)?team$/iu;

/** A language named in brackets after a name: the language that person translated into. */
export const TRANSLATION_MARK = /[(（]\s*(?:english|chinese|simplified chinese|traditional chinese|german|french|spanish|italian|japanese|korean|russian|portuguese|brazilian portuguese|dutch|polish|czech|slovak|hungarian|greek|turkish|arabic|hebrew|finnish|swedish|danish|norwegian|catalan|basque|galician|vietnamese|ukrainian|romanian|bulgarian|lithuanian|latvian|icelandic|slovenian|croatian|serbian|persian|hindi|thai|indonesian|esperanto|translation|translator)\s*[)）]\s*$/i;

/** Words of an affiliation or address: where one starts, the names on its line have ended. */
const AFFILIATION = /\b(?:univ\w*|\w*universit\w*|institut\w*|istituto|department|dept|d[eé]part\w*|d[ei]partiment\w*|facult\w*|facolt\w*|centro|ricerche|recherche|investigaci\w*|forschung\w*|biblioth\w*|bibliotec\w*|library|society|soci[eé]t[eéà]|association|council|verlag|escuela|escola|scuola|[eé]cole|highway|laborator\w*|school|college|faculty|fakultät|cent(?:er|re)|hospital|clinic|foundations?|consortium|academy|corporation|company|gmbh|inc|ltd|llc|ag|s\.a\.|inria|cnrs|csic|group|lab|palace|research|organi[sz]ation|street|road|avenue|campus|building|p\.\s?o\.\s?box|affiliation|address|commission|technikum|\w*hochschule|polytechn\w*|politecn\w*|observator\w*|museum)\b/i;

/** Credit to the writers of earlier versions, after the authors ("A and B, for this version, based on earlier versions
 * written by C"): where it starts, the authors have been named. */
export const EARLIER_WRITERS = /\b(?:for this version|based on|(?:earlier|previous|original|first) versions?|originally)\b/i;

export function isAffiliation(text: string): boolean {
  // "Dép. Mathématiques": a department cut short is not a given name cut short.
  return AFFILIATION.test(text) || COUNTRY.test(text) || /(?:^|\s)d[eé]p\.(?=\s)/i.test(text);
}

const MONTHS = /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i;

/** Letters (with marks), apostrophes and hyphens: one word of a name (an en dash too, between two capitalised parts: "Pit–Claudel"). */
const WORD = /^[\p{Lu}][\p{L}\p{M}'’-]*(?:–\p{Lu}[\p{L}\p{M}'’-]*)?$/u;
const INITIALS = /^(?:\p{Lu}\.?-?){1,3}$/u;
/** A given name cut short with a full stop ("Chr.", "Wm.", "Th."), or two run together ("St.M."): a name's word, never its last one. */
const ABBREVIATED = /^(?:\p{Lu}\p{Ll}{0,3}\.-?){1,3}$/u;

/** Those credited after the authors for their help, who are not among them ("..., with contributions by Mikhail Polianski"). */
export const HELPERS_CREDITED = /,?\s*with (?:contributions|additions|help) (?:by|from)\s.*$/iu;

export function splitAuthorLine(text: string): string[] {
  return text
    // "By", "Author(s):", "Auteur(s):", "Autores:", "Verfasser:" before the names.
    // Also "Revision 9.8 by", "Written by", "updated by" (an edition's revisers are its authors).
    .replace(/^\s*(?:(?:(?:revision|version|edition|release)\s+v?[\d.]+\s+|(?:updated|revised|written)\s+)?by|par|por|door|von|(?:authors?|auteurs?|autor(?:es|en|as|zy)?|verfasser(?:in)?)\s*(?:\((?:s|en|es)\))?\s*:?)\s+(?=\p{Lu})/iu, '')
    .replace(HELPERS_CREDITED, '')
    .replace(/\(\s*[\d,\s]+\)/g, ',')
    // A translator's credit in brackets after the name ("Oren Patashnik(訳:松井正一)", "(translated by ...)").
    .replace(/\s*[(（]\s*(?:訳|翻訳|译|翻译|translated by|trans\.)\s*[:：]?[^)）]*[)）]/giu, ' ')
    // A role after a name ("Karl Berry (Herausgeber)", "(ed.)", "(éd.)", "(Original author)", "(Current developer)", "[editor]"): the name is the author's.
    .replace(/\s*[([](?:herausgeber(?:in)?|hrsg\.?|eds?\.?|editors?|éd\.?|éditeur|editor[ae]?|a cura di|red\.|(?:(?:original|current|main|lead|principal|co-?)\s*)?(?:author|developer|maintainer|contributor|creator)s?)[)\]]/giu, '')
    // "and" in the languages of the corpus; "e" (Portuguese) is left out: it joins family names.
    .split(/\s*(?:,|;|\band\b|\bund\b|\bet\b|\by\b|\boch\b|\bog\b|&|\s{3,}|·|•|\|)\s*/i)
    .map((s) => s.replace(/[∗*†‡§¶⁎✝#✉]+/g, ' ').replace(/\s\d+$|(?<=\p{Ll})\d+$/u, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    // Italian "e", Polish "i", Dutch "en", Russian "и", Ukrainian "та" and Vietnamese "và" join two whole names ("Irene Hyna e Elisabeth Schlegl",
    // "Walter Daems en Paul Levrie", "Иван Петров и Пётр Сидоров"); a Portuguese "e" joins family names
    // ("Maria Silva e Santos"), so the split stands only when both sides are names.
    .flatMap((piece) => {
      const parts = piece.split(/\s+(?:e|i|en|и|та|và)\s+(?=\p{Lu})/u);
      return parts.length > 1 && parts.every((p) => p.split(/\s+/).length >= 2) ? parts : [piece];
    })
    // A list of names may close with a full stop ("A. Schlosser, B. Spitzak, and M. Sweet."); a lone "Doctor Scientiae." is no name.
    .map((piece, i, all) => (all.length > 1 && i === all.length - 1 ? piece.replace(/(?<=\p{Ll}{2})\.$/u, '') : piece));
}

/** Titles and degrees before a name, in the languages of the corpus ("Prof. Dr.", "Dr. rer. nat.", "Dipl.-Ing.", "Mag.", "Mme"). */
const HONORIFIC = /^(?:(?:univ\.-)?prof(?:\.|essor)?|dr\.?(?:\s*(?:rer|phil|med|habil|ing|nat|h\.\s?c)\.)*|dr\.-ing\.|dipl\.-\p{L}+\.?|mag\.|ing\.|dott\.(?:ssa)?|ch\.mo|avv\.|pd|mr\.?|mrs\.?|ms\.?|mme|mlle|sir|dame)\s+(?=\p{Lu})/iu;

/** A name written in Han characters without spaces ("李清"), as a PDF's metadata records it: the family name is its first
 * character. On the page a short run of Han characters is as often a heading ("简介"), so it is not read as a name there. */
export function hanName(piece: string): ExtractedPerson | undefined {
  const han = /^(\p{Script=Han})(\p{Script=Han}{1,2})$/u.exec(piece.trim());
  return han ? { first_name: han[2]!, last_name: han[1]! } : undefined;
}

/**
 * A Japanese or Chinese name set on the page with a space between family and given name
 * ("濱野 尚人", "倉沢 良一"): family name first, in Han characters, the given name in Han or kana,
 * three characters or more in all. Unspaced Han runs stay unread here (hanName): on a page
 * they are as often headings.
 */
const SPACED_CJK_NAME = /^(\p{Script=Han}{1,3})\s+([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{1,3})$/u;

/** TeX's accents that a text layer hands over as spacing characters before their letter ("L`ou", "M`anfréd"), put on it. */
const SPACING_ACCENTS: Record<string, string> = { '`': '\u0300', '´': '\u0301', '¨': '\u0308', 'ˆ': '\u0302', '˜': '\u0303' };
function withSpacingAccents(text: string): string {
  return text.replace(/(?<=\p{L}|^|\s)([`´¨ˆ˜])(\p{L})/gu, (_, accent: string, letter: string) => `${letter}${SPACING_ACCENTS[accent]}`.normalize('NFC'));
}

/** Letters only Vietnamese writes (ơ, ư, đ, ă, and vowels with a dot below or a hook above). */
const VIETNAMESE_LETTERS = /[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu;

/** A line of Vietnamese names ("Hàn Thế Thành và Thái Phú Khánh Hòa"), which put the family name first. */
export function vietnameseNames(line: string): boolean {
  return VIETNAMESE_LETTERS.test(line);
}

/** How a name is written: `familyFirst` when the family name comes first (Vietnamese names, vietnameseNames). */
export interface NameOrder {
  familyFirst?: boolean;
}

/** A capital kerned apart from the rest of its word in the text layer ("M anuel Bronstein", "Clif ton W illiamson")
 * put back: a lone capital before a word in small letters that is no particle ("J van Dyk" stays). */
function joinSplitCapitals(tokens: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const next = tokens[i + 1];
    if (next && /^\p{Lu}$/u.test(tokens[i]!) && /^\p{Ll}{2,}$/u.test(next) && !PARTICLES.has(next)) {
      joined.push(tokens[i]! + next);
      i++;
    } else joined.push(tokens[i]!);
  }
  return joined;
}

/** A person when `piece` looks like a name ("Mark A. van de Wiel"), else undefined. */
export function parsePersonName(raw: string, order: NameOrder = {}): ExtractedPerson | undefined {
  // The name in its own script after the Latin one ("Yuchang Yang（杨宇昌）") repeats it.
  let piece = withSpacingAccents(raw).trim().replace(/(?<=\p{Script=Latin}\.?)\s*[(（][\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\s·・]+[)）]$/u, '');
  const cjk = SPACED_CJK_NAME.exec(piece);
  // Two characters letter-spaced are a heading ("概 要", "摘 要"), not a name.
  if (cjk) return cjk[1]!.length + cjk[2]!.length >= 3 ? { first_name: cjk[2]!, last_name: cjk[1]! } : undefined;
  while (HONORIFIC.test(piece)) piece = piece.replace(HONORIFIC, '');
  if (piece.length > 60 || /[@\d:/()[\]{}=<>]/.test(piece) || NOT_A_NAME.test(piece) || COUNTRY.test(piece) || MONTHS.test(piece) && /\d/.test(piece)) return undefined;
  // Generational suffixes belong to the name but are not the family name ("Hansen Jr", "Lienhard V").
  const tokens = joinSplitCapitals(piece.split(/\s+/).filter(Boolean));
  // "RAxML", "CDnow": two capitals against a small letter name a thing ("McDonald", "Petit-Jean-Genaz" and "JOHN" do not).
  if (tokens.some((t) => /\p{Lu}{2}\p{Ll}|\p{Ll}\p{Lu}{2}/u.test(t))) return undefined;
  while (tokens.length > 2 && /^(?:jr|sr|ii|iii|iv|v)\.?$/i.test(tokens[tokens.length - 1]!)) tokens.pop();
  if (tokens.length < 2 || tokens.length > 5) return undefined;
  let sawWord = false;
  for (const [i, t] of tokens.entries()) {
    if (PARTICLES.has(t.toLowerCase()) && t === t.toLowerCase()) continue;
    if (INITIALS.test(t) || ABBREVIATED.test(t) && i < tokens.length - 1) continue;
    if (!WORD.test(t)) return undefined;
    if (t.length >= 2) sawWord = true;
  }
  if (!sawWord) return undefined;
  // A given name has a vowel ("Ktw Gatzèa" is Greek read through the wrong font encoding), but for Cantonese "Tsz";
  // family names need not ("Vlk").
  if (/^\p{Script=Latin}{3,}$/u.test(tokens[0]!) && !/[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœ]/iu.test(tokens[0]!) && !/^tsz$/i.test(tokens[0]!)) return undefined;
  // "der TeX-Löwe": a name starts with a given name or an initial, not with an article.
  if (tokens.length === 2 && PARTICLES.has(tokens[0]!)) return undefined;
  const last = tokens[tokens.length - 1]!;
  if (last.length < 2 || INITIALS.test(last) && !/\p{Ll}/u.test(last)) return undefined;
  // "R Enthusiasts", "R Core": the R language's name before a word is no initial ("C Dardis" is a name).
  if (tokens.length === 2 && tokens[0] === 'R') return undefined;
  // "A Selected Data Problem": an article before words is a heading's start, not an initial.
  if (tokens[0] === 'A' && tokens.length >= 3 && !tokens.slice(1).some((t) => INITIALS.test(t))) return undefined;
  // "GNU Octave": an acronym before words in mixed case names a thing ("JOHN DOE" is all capitals, "VJ Carey" initials).
  if (/^\p{Lu}{3,}$/u.test(tokens[0]!) && tokens.slice(1).some((t) => /\p{Ll}/u.test(t))) return undefined;
  // A name in capitals is written as a name ("JOHN DOE"); initials run together stay as they are ("J.A.M.", "J.T.").
  const fixCase = (t: string) => (t.length > 2 && t === t.toUpperCase() && !/^(?:\p{Lu}\.)+$/u.test(t) ? t[0] + t.slice(1).toLowerCase() : t);
  const words = tokens.map(fixCase);
  if (order.familyFirst) return { first_name: words.slice(1).join(' '), last_name: words[0]! };
  let split = words.length - 1;
  // A particle before the family name belongs to it, in lower case or capitalised ("Mark van de Wiel", "Timothy Van Zandt").
  while (split > 1 && PARTICLES.has(words[split - 1]!.toLowerCase()) && (words[split - 1] === words[split - 1]!.toLowerCase() || CAPITAL_PARTICLE.test(words[split - 1]!))) split--;
  const first = words.slice(0, split).join(' ');
  return { first_name: first, last_name: words.slice(split).join(' ') };
}
