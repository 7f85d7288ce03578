// A type-ahead picker (WAI-ARIA combobox with a listbox popup): typing asks `search` after a
// short pause, arrows move through the suggestions, Enter picks, Escape closes. Answers to
// older text are dropped. Free text stays allowed: picking only fills in the details.
import { useEffect, useId, useRef, useState } from 'react';

const PAUSE_MS = 150;

export interface Suggestion<T> {
  key: string;
  label: string;
  detail?: string;
  value: T;
}

interface Props<T> {
  label: string;
  value: string;
  onText(text: string): void;
  onPick(suggestion: Suggestion<T>): void;
  search(text: string): Promise<Suggestion<T>[]>;
  /** Shown under the field: what to type (e.g. "at least 3 letters"). */
  hint?: string;
  id?: string;
}

export function Combobox<T>({ label, value, onText, onPick, search, hint, id }: Props<T>) {
  const own = useId();
  const inputId = id ?? `combo-${own}`;
  const listId = `${inputId}-list`;
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Suggestion<T>[]>([]);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState(false);
  const latest = useRef(0);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (!typed) return undefined;
    const run = ++latest.current;
    const timer = setTimeout(() => {
      searchRef.current(value).then((found) => {
        if (run !== latest.current) return;
        setItems(found);
        setActive(found.length ? 0 : -1);
        setError(null);
        setOpen(true);
      }, (failure: Error) => {
        if (run !== latest.current) return;
        setItems([]);
        setError(failure.message);
        setOpen(true);
      });
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, typed]);

  const pick = (item: Suggestion<T>) => {
    latest.current++;
    setTyped(false);
    setOpen(false);
    onPick(item);
  };

  const optionId = (i: number) => `${listId}-${i}`;
  const showList = open && (items.length > 0 || error !== null || value.trim().length > 0);
  return (
    <div className="combobox field wide">
      <label className="field-label" htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        className="input"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        autoComplete="off"
        value={value}
        onChange={(e) => { setTyped(true); onText(e.target.value); }}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && items.length) { e.preventDefault(); setOpen(true); setActive((a) => (a + 1) % items.length); }
          else if (e.key === 'ArrowUp' && items.length) { e.preventDefault(); setOpen(true); setActive((a) => (a <= 0 ? items.length - 1 : a - 1)); }
          else if (e.key === 'Enter' && showList && active >= 0 && items[active]) { e.preventDefault(); pick(items[active]); }
          else if (e.key === 'Escape' && showList) { e.preventDefault(); e.stopPropagation(); setOpen(false); }
        }}
      />
      {hint ? <p id={`${inputId}-hint`} className="hint">{hint}</p> : null}
      <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="combo-list" hidden={!showList}>
        {error ? <li className="combo-message error" role="presentation">{error}</li> : null}
        {!error && items.length === 0 ? <li className="combo-message" role="presentation">No matches; what you typed is kept as it is.</li> : null}
        {items.map((item, i) => (
          <li
            key={item.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`combo-option ${i === active ? 'active' : ''}`}
            onMouseDown={(e) => { e.preventDefault(); pick(item); }}
            onMouseEnter={() => setActive(i)}
          >
            <span>{item.label}</span>
            {item.detail ? <span className="combo-detail">{item.detail}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
