// Editing one annotation: its colour (highlights), text, privacy level, and deleting it.
// The textarea keeps what is typed; a reload after a sync never replaces it (the draft
// saver's draft wins until its save has answered).
import { useEffect, useState } from 'react';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import { PRIVACY_LEVELS, type PrivacyLevel } from '../../../shared/schemas/annotation.ts';
import type { AnnotationsApi } from './useAnnotations.ts';
import { cssColor, PALETTE } from './palette.ts';
import { colorKey } from './readingOrder.ts';

const PRIVACY_LABELS: Record<PrivacyLevel, string> = { private: 'Only me', group: 'Group', public: 'Public' };

export function AnnotationEditor({ annotation, api, readOnly, autoFocus }: { annotation: LibraryAnnotation; api: AnnotationsApi; readOnly: boolean; autoFocus?: boolean }) {
  const [text, setText] = useState(annotation.text ?? '');
  // Another annotation in the same editor: start from its text. The same one: keep typing.
  useEffect(() => setText(api.saver.draftOf(annotation.id) ?? annotation.text ?? ''), [annotation.id]);

  return (
    <div className="rs-editor" onClick={(e) => e.stopPropagation()}>
      {annotation.type === 'highlight' ? (
        <div className="rs-swatches" role="radiogroup" aria-label="Colour">
          {PALETTE.map((p) => (
            <button
              key={p.name}
              type="button"
              role="radio"
              aria-checked={colorKey(p.color) === colorKey(annotation.color)}
              aria-label={p.name}
              className="rs-swatch"
              disabled={readOnly}
              style={{ background: cssColor(p.color) }}
              onClick={() => void api.update(annotation.id, { color: p.color })}
            />
          ))}
        </div>
      ) : null}
      <textarea
        className="rs-text"
        aria-label={annotation.type === 'note' ? 'Document note' : 'Annotation text'}
        placeholder={annotation.type === 'highlight' ? 'Add a comment…' : 'Write a note…'}
        value={text}
        readOnly={readOnly}
        autoFocus={autoFocus}
        rows={annotation.type === 'note' ? 5 : 3}
        onChange={(e) => {
          setText(e.target.value);
          api.editText(annotation.id, e.target.value);
        }}
        onBlur={() => void api.saver.flush()}
      />
      <div className="rs-editor-row">
        <label className="rs-privacy">
          <span>Visible to</span>
          <select
            aria-label="Visible to"
            value={annotation.privacy_level}
            disabled={readOnly}
            onChange={(e) => void api.update(annotation.id, { privacy_level: e.target.value as PrivacyLevel })}
          >
            {PRIVACY_LEVELS.slice().reverse().map((level) => <option key={level} value={level}>{PRIVACY_LABELS[level]}</option>)}
          </select>
        </label>
        {readOnly ? null : (
          <button type="button" className="link-button danger" onClick={() => void api.remove(annotation.id)}>Delete</button>
        )}
      </div>
    </div>
  );
}
