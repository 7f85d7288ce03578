// A note's Markdown shown rendered. The HTML comes from renderMarkdown, which escapes any
// raw HTML in the note and makes links only to the web or mail, opened outside the window.
import { useMemo } from 'react';
import { renderMarkdown } from '../../lib/markdown.ts';
import './notes.css';

export function MarkdownView({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div className="note-rendered" data-testid="note-rendered" dangerouslySetInnerHTML={{ __html: html }} />;
}
