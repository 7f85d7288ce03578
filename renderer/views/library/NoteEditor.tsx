// A small Markdown editor for one note: a text box with a toolbar (bold, italic, heading,
// list, link) and the same formats on Ctrl/Cmd+B, I, K and Ctrl/Cmd+Shift+H, L. Ctrl/Cmd+Enter
// saves, Escape cancels. The text is stored as typed; the list shows it rendered.
import { useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { ANNOTATION_TEXT_MAX } from '../../../shared/schemas/annotation.ts';
import { applyFormat, formatForKey, type MarkdownFormat } from '../../lib/markdownFormat.ts';
import './notes.css';

const TOOLS: readonly { format: MarkdownFormat; label: string; keys: string; face: string }[] = [
  { format: 'bold', label: 'Bold', keys: 'Ctrl+B', face: 'B' },
  { format: 'italic', label: 'Italic', keys: 'Ctrl+I', face: 'I' },
  { format: 'heading', label: 'Heading', keys: 'Ctrl+Shift+H', face: 'H' },
  { format: 'list', label: 'Bulleted list', keys: 'Ctrl+Shift+L', face: '•' },
  { format: 'link', label: 'Link', keys: 'Ctrl+K', face: 'Link' },
];

export interface NoteEditorProps {
  /** The text box's accessible name. */
  label: string;
  initial?: string;
  saveLabel: string;
  onSave(text: string): Promise<boolean>;
  onCancel?(): void;
  /** Next to the buttons (the group sharing choice). */
  extra?: React.ReactNode;
  autoFocus?: boolean;
}

export function NoteEditor({ label, initial = '', saveLabel, onSave, onCancel, extra, autoFocus }: NoteEditorProps) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  const format = (kind: MarkdownFormat) => {
    const el = box.current;
    if (!el) return;
    const next = applyFormat({ text: el.value, start: el.selectionStart, end: el.selectionEnd }, kind);
    // The new value is written before this handler returns, and the selection set on it at
    // once: a key pressed right after (typing the link's address) lands in the selection,
    // not at the caret React's write left at the end.
    flushSync(() => setText(next.text));
    el.focus();
    el.setSelectionRange(next.start, next.end);
  };
  const save = async () => {
    if (!text.trim() || saving) return;
    setSaving(true);
    const saved = await onSave(text);
    setSaving(false);
    if (saved && !onCancel) setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const kind = formatForKey(e);
    if (kind) { e.preventDefault(); format(kind); return; }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save(); return; }
    if (e.key === 'Escape' && onCancel) { e.preventDefault(); e.stopPropagation(); onCancel(); }
  };

  return (
    <div className="note-editor">
      <div className="note-toolbar" role="toolbar" aria-label="Formatting">
        {TOOLS.map((tool) => (
          <button key={tool.format} type="button" className={`note-tool note-tool-${tool.format}`} title={`${tool.label} (${tool.keys})`} aria-label={tool.label}
            onMouseDown={(e) => e.preventDefault()} onClick={() => format(tool.format)}>{tool.face}</button>
        ))}
      </div>
      <textarea ref={box} className="input note-text" aria-label={label} rows={4} maxLength={ANNOTATION_TEXT_MAX} value={text} autoFocus={autoFocus}
        placeholder="Markdown: **bold**, *italic*, ## heading, - list, [link](https://…)"
        onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
      <div className="form-actions">
        {extra}
        {onCancel ? <button type="button" className="button small" onClick={onCancel}>Cancel</button> : null}
        <button type="button" className="button small primary" disabled={!text.trim() || saving} onClick={() => void save()}>{saveLabel}</button>
      </div>
    </div>
  );
}
