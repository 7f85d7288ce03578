// A vertical splitter between two panes: drag it, or focus it and use the arrow keys.
// The width it sets belongs to the pane on `side` of it.
import type { KeyboardEvent, PointerEvent } from 'react';

interface Props {
  label: string;
  width: number;
  min: number;
  max: number;
  /** Which pane the width belongs to: dragging right widens a left pane, narrows a right one. */
  side: 'left' | 'right';
  onChange(width: number): void;
}

const STEP = 16;

export function PaneSplitter({ label, width, min, max, side, onChange }: Props) {
  const clamp = (w: number) => Math.round(Math.min(max, Math.max(min, w)));
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const startX = e.clientX;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const onMove = (move: globalThis.PointerEvent) => {
      const delta = move.clientX - startX;
      onChange(clamp(side === 'left' ? width + delta : width - delta));
    };
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const grow = (e.key === 'ArrowRight') === (side === 'left');
    onChange(clamp(width + (grow ? STEP : -STEP)));
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className="pane-splitter"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
