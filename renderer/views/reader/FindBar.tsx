// Find in the PDF (pdf.js's find controller): Enter for the next match, Shift+Enter for the previous.
import { useEffect, useRef, useState } from 'react';
import type { EventBus } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { ViewerState } from './usePdfViewer.ts';

export function FindBar({ eventBus, find, onClose }: { eventBus: EventBus; find: ViewerState['find']; onClose(): void }) {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  const search = (type: '' | 'again', findPrevious = false, text = query) =>
    eventBus.dispatch('find', { source: null, type, query: text, caseSensitive: false, entireWord: false, highlightAll: true, findPrevious, matchDiacritics: false });
  const close = () => {
    eventBus.dispatch('findbarclose', { source: null });
    onClose();
  };
  return (
    <div className="rs-findbar" role="search" aria-label="Find in PDF">
      <input
        ref={inputRef}
        type="search"
        aria-label="Find in PDF"
        placeholder="Find in PDF"
        value={query}
        onChange={(e) => { setQuery(e.target.value); search('', false, e.target.value); }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') { e.preventDefault(); search('again', e.shiftKey); }
          if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); close(); }
        }}
      />
      <span className="rs-muted" aria-live="polite" data-testid="find-count">
        {query ? (find.state === 'not-found' ? 'No matches' : find.total ? `${find.current} of ${find.total}` : '…') : ''}
      </span>
      <button type="button" className="tool" aria-label="Previous match" onClick={() => search('again', true)}>↑</button>
      <button type="button" className="tool" aria-label="Next match" onClick={() => search('again', false)}>↓</button>
      <button type="button" className="tool" aria-label="Close find" onClick={close}>×</button>
    </div>
  );
}
