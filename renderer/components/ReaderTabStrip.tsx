// The reader tabs of the window's tab strip. Those that do not fit the strip's width go into
// a "More tabs" menu at its end (keyboard reachable like any button; its items show the
// titles and activate a tab); the active tab always stays in the strip (lib/tabOverflow.ts).
// Each tab's width is read from a hidden copy of the row, so tabs in the menu are measured too.
import * as ContextMenu from '@radix-ui/react-context-menu';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { fitTabs } from '../lib/tabOverflow.ts';
import { readerViewId, type ReaderTab } from '../state/appStore.ts';
import { useApp, useStores } from '../state/context.tsx';
import { showInLibrary } from '../state/showInLibrary.ts';
import { Icon } from './Icon.tsx';

/** The "More tabs" button's width in styles.css, and the gap between tabs. */
const MENU_WIDTH = 52;
const TAB_GAP = 2;

function TabFace({ reader }: { reader: ReaderTab }) {
  return <><Icon name="clip" size={12} /> <span className="tab-title">{reader.title}</span></>;
}

export function ReaderTabStrip() {
  const stores = useStores();
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  const readers = useApp((s) => s.readers);
  const closeReader = useApp((s) => s.closeReader);
  const stripRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(Number.POSITIVE_INFINITY);
  const [widths, setWidths] = useState<number[]>([]);

  // The strip's width as the browser's own layout reports it (the strip has no padding, so its
  // content box is its client width). Reading clientWidth while the window first mounted made
  // the browser lay the whole window out in the middle of that commit. The observer reports
  // after layout and before paint; flushSync draws the tabs that fit in that same frame.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) flushSync(() => setAvailable(entry.contentRect.width));
    });
    observer.observe(strip);
    return () => observer.disconnect();
  }, []);

  const titles = readers.map((r) => r.title).join('\n');
  useLayoutEffect(() => {
    // No reader tabs (every start): nothing to measure, and no render to cause.
    if (readers.length === 0 && widths.length === 0) return;
    const copies = [...(measureRef.current?.children ?? [])] as HTMLElement[];
    setWidths(copies.map((el) => Math.ceil(el.getBoundingClientRect().width) + TAB_GAP));
  }, [titles]);

  const activeIndex = readers.findIndex((r) => view === readerViewId(r.documentId));
  const measured = widths.length === readers.length;
  const fit = measured ? fitTabs(available, widths, activeIndex < 0 ? null : activeIndex, MENU_WIDTH) : { shown: readers.map((_, i) => i), overflow: [] };
  const hidden = fit.overflow.map((i) => readers[i]!);

  return (
    <div ref={stripRef} className="reader-tab-strip">
      {fit.shown.map((i) => {
        const reader = readers[i]!;
        const id = readerViewId(reader.documentId);
        return (
          <ContextMenu.Root key={id}>
            <ContextMenu.Trigger asChild>
              <span className="view-tab reader-tab" data-selected={view === id} data-document-id={reader.documentId}>
                <button type="button" role="tab" className="tab-label" aria-selected={view === id} title={reader.title} onClick={() => setView(id)}>
                  <TabFace reader={reader} />
                </button>
                <button type="button" className="tab-close" aria-label={`Close ${reader.title}`} onClick={() => closeReader(reader.documentId)}>×</button>
              </span>
            </ContextMenu.Trigger>
            <ContextMenu.Portal>
              <ContextMenu.Content className="menu" aria-label={`${reader.title}: tab actions`}>
                <ContextMenu.Item className="menu-item" onSelect={() => void showInLibrary(stores, reader.documentId)}>Show in library</ContextMenu.Item>
                <ContextMenu.Item className="menu-item" onSelect={() => closeReader(reader.documentId)}>Close tab</ContextMenu.Item>
              </ContextMenu.Content>
            </ContextMenu.Portal>
          </ContextMenu.Root>
        );
      })}
      {hidden.length ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="more-tabs" aria-label={`More tabs (${hidden.length})`} title="More tabs">
            »{hidden.length}
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu more-tabs-menu" align="end" aria-label="More tabs">
              {hidden.map((reader) => (
                <DropdownMenu.Item key={reader.documentId} className="menu-item" data-document-id={reader.documentId} onSelect={() => setView(readerViewId(reader.documentId))}>
                  <span className="menu-item-label more-tabs-title">{reader.title}</span>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
      {/* Not read out, not focusable, not painted: only measured. */}
      <div className="reader-tab-measure" aria-hidden="true">
        <div ref={measureRef} className="reader-tab-measure-row">
          {readers.map((reader) => (
            <span key={reader.documentId} className="view-tab reader-tab">
              <span className="tab-label"><TabFace reader={reader} /></span>
              <span className="tab-close">×</span>
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
