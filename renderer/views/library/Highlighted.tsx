import { Fragment } from 'react';
import { highlight } from '../../lib/highlight.ts';

/** Text with the search's words marked; the text between them stays text (no element of its own to lay out). */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  if (terms.length === 0) return <>{text}</>;
  return (
    <>
      {highlight(text, terms).map((segment, i) => (segment.match ? <mark key={i}>{segment.text}</mark> : <Fragment key={i}>{segment.text}</Fragment>))}
    </>
  );
}
