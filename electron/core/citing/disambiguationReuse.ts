// citeproc-js renders the citation form of every new reference twice in updateItems (2.4):
// once when it inserts the reference (Registry.doinserts: the form is the reference's
// disambiguation key, and the names code sets its given-name levels in the registry token's
// `disambig`), and again when the key's group is disambiguated (Disambiguation.run ->
// initVars -> getCiteData), even when the reference is alone under its key. For a reference
// alone under its key that second render has one lasting effect: the names code sets each
// name's given-name level again, now that the reference is registered and every name of the
// selection is in the name registry (APA 7 adds initials when two first authors share a
// family name). The two renders were two fifths of a 1,000-reference APA bibliography.
//
// This keeps, per reference inserted in the current updateItems, what the first render asked
// the name registry (NameReg.evalname: its arguments and answers). When the reference's
// group is run and the reference is alone in it, its token's `disambig` is still what the
// first render left, and asking the registry again the way the second render's names code
// would (NameOutput._runDisambigNames with the token's levels as the request) gives every
// level unchanged, the second render would leave the token as it is: the run is skipped.
// Otherwise (a group of several, an answer that changed, a level that is not a number, a
// style whose citation names use et-al-use-last, which re-truncates a requested name count)
// citeproc-js runs as it comes. Only engines given to installDisambiguationReuse take
// part; the library file stays unmodified: the functions are wrapped once, at load.
import type CSL from 'citeproc';
import type { Engine } from 'citeproc';

interface AmbigConfig {
  use_initials?: boolean;
}
interface NameObject {
  given?: unknown;
}
type Evalname = (itemId: string, name: NameObject, namenum: number, requestBase: unknown, form: unknown, initials: unknown) => unknown;
interface NameReg {
  evalname: Evalname;
}
interface Registry {
  /** The engine: citeproc-js's state is the Engine object itself. */
  state: object;
  registry: Record<string, { disambig: AmbigConfig } | undefined>;
  ambigcites: Record<string, string[] | undefined>;
  namereg: NameReg;
}
interface State {
  opt: Record<string, unknown>;
  citation: { opt: Record<string, unknown> };
  tmp: { area: string; disambig_settings: AmbigConfig; sort_key_flag?: boolean };
  nameOutput: unknown;
  disambiguate: { modes: string[] };
  registry: Registry;
}
interface Internals {
  getAmbiguousCite(this: State, Item: { id: unknown }, disambig?: unknown, visualForm?: unknown, item?: unknown): string;
  getAmbigConfig(this: State): AmbigConfig;
  Registry: { prototype: { init(this: Registry, ...args: unknown[]): unknown; setdisambigs(this: Registry, ...args: unknown[]): unknown } };
  Disambiguation: { prototype: { run(this: { state: State; modes: string[] }, akey: string): unknown } };
  NameOutput: { prototype: { _imposeNameConstraints(this: { etal_use_last?: unknown }, ...args: unknown[]): unknown } };
}

/** One question the first render asked the name registry, and its answer. */
interface NameQuestion {
  args: Parameters<Evalname>;
  /** The name's given part as the names code saw it (getName has normalised it by then). */
  given: unknown;
  answer: unknown;
  nameOutput: unknown;
  area: string;
}

/** What the insert render of one reference left: its key, its token's config (as JSON), its questions. */
interface InsertRender {
  akey: string;
  config: string;
  useInitials: boolean;
  questions: NameQuestion[];
}

/** Engines (their state) that take part. */
const enabled = new WeakSet<object>();
/** Per registry, while an updateItems is between its start and its disambiguation: the insert renders by reference id. */
const windows = new WeakMap<Registry, Map<string, InsertRender>>();
const wrappedNameRegs = new WeakSet<NameReg>();
/** The insert render under way, if any. */
let recording: { questions: NameQuestion[]; state: State; usesLastName: boolean } | null = null;

/** Reuse the first render of the citation form in this engine (see the file's comment). */
export function installDisambiguationReuse(csl: typeof CSL, engine: Engine): void {
  install(csl);
  enabled.add(engine);
}

/** The level the second render's names code would set for this question's name (NameOutput._runDisambigNames, citeproc 2.4). */
function levelNow(state: State, question: NameQuestion): unknown {
  let level = question.answer;
  if (typeof level !== 'number') return Symbol('not reused'); // padBase would make it 0 first
  const [itemId, name, namenum, , form, initials] = question.args;
  if (level === 1 && state.citation.opt['givenname-disambiguation-rule'] === 'by-cite' && (initials === undefined || question.given === undefined)) level = 2;
  if (!state.opt['disambiguate-add-givenname'] || !question.given) return level;
  const { nameOutput, tmp } = state;
  const area = tmp.area;
  state.nameOutput = question.nameOutput;
  tmp.area = question.area;
  try {
    return state.registry.namereg.evalname(itemId, name, namenum, level, form, initials);
  } finally {
    state.nameOutput = nameOutput;
    tmp.area = area;
  }
}

/** The id of the reference alone under `akey` when its group's run would leave its token as the insert render did. */
function reusableRender(state: State, akey: string): { id: string; render: InsertRender } | null {
  const renders = windows.get(state.registry);
  const ids = state.registry.ambigcites[akey];
  if (!renders || !ids || ids.length !== 1) return null;
  const id = ids[0]!;
  const render = renders.get(id);
  const token = state.registry.registry[id];
  if (!render || !token || render.akey !== akey || JSON.stringify(token.disambig) !== render.config) return null;
  return render.questions.every((question) => levelNow(state, question) === question.answer) ? { id, render } : null;
}

let installed = false;

function install(csl: typeof CSL): void {
  if (installed) return;
  installed = true;
  const internals = csl as unknown as Internals;
  const { init, setdisambigs } = internals.Registry.prototype;
  internals.Registry.prototype.init = function (...args) {
    windows.delete(this);
    const result = init.apply(this, args);
    if (enabled.has(this.state)) windows.set(this, new Map());
    return result;
  };
  internals.Registry.prototype.setdisambigs = function (...args) {
    try {
      return setdisambigs.apply(this, args);
    } finally {
      windows.delete(this);
    }
  };

  const imposeNameConstraints = internals.NameOutput.prototype._imposeNameConstraints;
  internals.NameOutput.prototype._imposeNameConstraints = function (...args) {
    if (recording && this.etal_use_last) recording.usesLastName = true;
    return imposeNameConstraints.apply(this, args);
  };

  const getAmbiguousCite = internals.getAmbiguousCite;
  internals.getAmbiguousCite = function (Item, disambig, visualForm, item) {
    const renders = windows.get(this.registry);
    const id = String(Item.id);
    const insertRender = renders && !disambig && !visualForm && !item && !this.registry.registry[id] && !this.tmp.sort_key_flag && this.disambiguate.modes.length > 0 && !recording;
    if (!insertRender) {
      renders?.delete(id); // rendered some other way since: the second render runs as it comes
      return getAmbiguousCite.call(this, Item, disambig, visualForm, item);
    }
    recordQuestions(this.registry.namereg);
    const current = (recording = { questions: [], state: this, usesLastName: false });
    let akey: string;
    try {
      akey = getAmbiguousCite.call(this, Item, disambig, visualForm, item);
    } finally {
      recording = null;
    }
    if (current.usesLastName) renders.delete(id);
    else renders.set(id, { akey, config: JSON.stringify(internals.getAmbigConfig.call(this)), useInitials: this.tmp.disambig_settings.use_initials === true, questions: current.questions });
    return akey;
  };

  const run = internals.Disambiguation.prototype.run;
  internals.Disambiguation.prototype.run = function (akey) {
    const reusable = this.modes.length > 0 ? reusableRender(this.state, akey) : null;
    if (!reusable) return run.call(this, akey);
    // The second render would set the given-name levels it found, all equal, and mark the token's config as using initials as the first did.
    if (reusable.render.useInitials) this.state.registry.registry[reusable.id]!.disambig.use_initials = true;
    return undefined;
  };
}

function recordQuestions(namereg: NameReg): void {
  if (wrappedNameRegs.has(namereg)) return;
  wrappedNameRegs.add(namereg);
  const evalname = namereg.evalname;
  namereg.evalname = function (...args) {
    const answer = evalname.apply(this, args);
    if (recording) {
      const { state } = recording;
      recording.questions.push({ args, given: args[1]?.given, answer, nameOutput: state.nameOutput, area: state.tmp.area });
    }
    return answer;
  };
}
