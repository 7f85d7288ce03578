// Settings for citing: the default style (a searchable list of the bundled and added CSL
// styles), the locale, adding a .csl file, the citation key pattern, and live
// bibliography files. Each change is saved at once; failures show as a sentence.
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import type { AutoExport, AutoExportFormat, CitationStyle, CitingPreferences, LibraryFolderNode } from '../../shared/bridge/contract.ts';
import { useLibrary } from '../state/context.tsx';
import { useCitingStore } from './citingStore.ts';

const FORMAT_NAMES: Record<AutoExportFormat, string> = { bibtex: 'BibTeX (.bib)', biblatex: 'BibLaTeX (.bib)', csljson: 'CSL-JSON (.json)' };
const localeName = (locale: string) => {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
};

const flatten = (nodes: LibraryFolderNode[]): LibraryFolderNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

export function CitationSettings({ onFailure }: { onFailure(message: string | undefined): void }) {
  const citing = useCitingStore();
  const tree = useLibrary((s) => s.folders);
  const folders = useMemo(() => flatten(tree), [tree]);
  const [styles, setStyles] = useState<CitationStyle[]>([]);
  const [locales, setLocales] = useState<string[]>([]);
  const [preferences, setPreferences] = useState<CitingPreferences | undefined>();
  const [filter, setFilter] = useState('');
  const [keyPattern, setKeyPattern] = useState('');
  const [liveFiles, setLiveFiles] = useState<AutoExport[]>([]);
  const [newFile, setNewFile] = useState<{ scope: string; format: AutoExportFormat; path: string }>({ scope: 'library', format: 'bibtex', path: '' });

  const run = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      const value = await work();
      onFailure(undefined);
      return value;
    } catch (error) {
      onFailure((error as Error).message);
      return undefined;
    }
  };

  useEffect(() => {
    void run(async () => {
      const listed = await citing.styles();
      setStyles(listed.styles);
      setLocales(listed.locales);
      setPreferences(listed.preferences);
      setKeyPattern(listed.preferences.keyPattern);
      setLiveFiles(await citing.autoExports());
    });
    // Loaded once when the dialog opens.
  }, [citing]);

  const shown = useMemo(() => {
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return styles.filter((s) => words.every((w) => s.title.toLowerCase().includes(w) || s.id.includes(w)));
  }, [styles, filter]);

  const save = (change: Partial<CitingPreferences>) => run(async () => setPreferences(await citing.setPreferences(change)));

  const addStyle = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    await run(async () => {
      const added = await citing.addStyle({ fileName: file.name, xml: await file.text() });
      setStyles((await citing.styles()).styles);
      setPreferences(await citing.setPreferences({ style: added.id }));
    });
  };

  const addLiveFile = () => run(async () => {
    const scope = newFile.scope === 'library' ? { library: true as const } : { folderId: newFile.scope };
    await citing.setAutoExport({ scope, format: newFile.format, path: newFile.path.trim() });
    setLiveFiles(await citing.autoExports());
    setNewFile({ ...newFile, path: '' });
  });

  const folderName = (exp: AutoExport) => ('library' in exp.scope ? 'Whole library' : folders.find((f) => 'folderId' in exp.scope && f.id === exp.scope.folderId)?.name ?? 'A folder');

  return (
    <>
      <fieldset className="settings-group citing-settings">
        <legend>Citation style</legend>
        <input className="input" type="search" aria-label="Search citation styles" placeholder="Search styles (APA, Chicago, IEEE…)" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <div role="listbox" aria-label="Citation styles" className="style-list">
          {shown.map((style) => (
            <div
              key={style.id} role="option" tabIndex={0} aria-selected={preferences?.style === style.id}
              className={preferences?.style === style.id ? 'style-option on' : 'style-option'}
              onClick={() => void save({ style: style.id })}
              onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); void save({ style: style.id }); } }}
            >
              {style.title}{style.kind === 'note' ? ' (notes)' : ''}{style.bundled ? '' : ' · added'}
            </div>
          ))}
          {!shown.length ? <p className="hint">No style matches.</p> : null}
        </div>
        <label className="settings-row">
          <span>Language</span>
          <select className="input" aria-label="Citation locale" value={preferences?.locale ?? 'en-US'} onChange={(e) => void save({ locale: e.target.value })}>
            {locales.map((locale) => <option key={locale} value={locale}>{localeName(locale)} ({locale})</option>)}
          </select>
        </label>
        <label className="settings-row">
          <span>Add a style</span>
          <input type="file" accept=".csl" aria-label="Add a CSL style file" onChange={(e) => void addStyle(e)} />
        </label>
        <p className="hint">Copy with {navigator.platform.includes('Mac') ? '⌘⇧C' : 'Ctrl+Shift+C'} (bibliography) or {navigator.platform.includes('Mac') ? '⌘⇧A' : 'Ctrl+Shift+A'} (in-text). Styles and locales from the Citation Style Language project, <a href="https://citationstyles.org/" target="_blank" rel="noreferrer">citationstyles.org</a> (CC BY-SA 3.0).</p>
      </fieldset>
      <fieldset className="settings-group">
        <legend>Live bibliography files</legend>
        <form className="settings-form" onSubmit={(e) => { e.preventDefault(); void save({ keyPattern }); }}>
          <label className="settings-row">
            <span>Citation keys</span>
            <input className="input" aria-label="Citation key pattern" value={keyPattern} onChange={(e) => setKeyPattern(e.target.value)} onBlur={() => keyPattern !== preferences?.keyPattern && void save({ keyPattern })} />
          </label>
        </form>
        <ul className="live-files">
          {liveFiles.map((exp) => (
            <li key={exp.id}>
              <span>{folderName(exp)} → {exp.path} ({FORMAT_NAMES[exp.format]}){exp.error ? ` · ${exp.error}` : exp.entries !== undefined ? ` · ${exp.entries} entries` : ''}</span>
              <button type="button" className="button small" onClick={() => void run(async () => {
                await citing.removeAutoExport({ id: exp.id });
                setLiveFiles(await citing.autoExports());
              })}>Stop</button>
            </li>
          ))}
        </ul>
        <form className="settings-form" onSubmit={(e) => { e.preventDefault(); void addLiveFile(); }}>
          <label className="settings-row">
            <span>Keep</span>
            <select className="input" aria-label="What the file holds" value={newFile.scope} onChange={(e) => setNewFile({ ...newFile, scope: e.target.value })}>
              <option value="library">Whole library</option>
              {folders.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
            </select>
          </label>
          <label className="settings-row">
            <span>As</span>
            <select className="input" aria-label="File format" value={newFile.format} onChange={(e) => setNewFile({ ...newFile, format: e.target.value as AutoExportFormat })}>
              {(Object.keys(FORMAT_NAMES) as AutoExportFormat[]).map((f) => <option key={f} value={f}>{FORMAT_NAMES[f]}</option>)}
            </select>
          </label>
          <label className="settings-row">
            <span>In the file</span>
            <input className="input" aria-label="File path" placeholder="/home/me/thesis/references.bib" value={newFile.path} onChange={(e) => setNewFile({ ...newFile, path: e.target.value })} />
          </label>
          <div className="settings-actions"><button type="submit" className="button small" disabled={!newFile.path.trim()}>Keep this file up to date</button></div>
        </form>
      </fieldset>
    </>
  );
}
