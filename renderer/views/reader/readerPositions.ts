// Where each PDF was left: page, zoom and scroll, kept on this device (localStorage) by the
// file's SHA-1, which a sync's id rename never changes. The place is pdf.js's own open
// parameters ("page=2&zoom=150,12,640": the page, the zoom and the point at the window's
// top left in PDF units), as pdf.js's viewer keeps its history, so restoring it is
// `linkService.setHash` and survives a different window size.
export interface ReaderPosition {
  /** pdf.js's `location.pdfOpenParams` without its "#". */
  hash: string;
  rotation: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'refshelf.reader.positions';
/** The most recently read files are kept; older places are dropped. */
export const POSITIONS_KEPT = 200;

function load(storage: Store): [string, ReaderPosition][] {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((e): e is [string, ReaderPosition] =>
      Array.isArray(e) && typeof e[0] === 'string' && typeof e[1]?.hash === 'string' && typeof e[1]?.rotation === 'number') : [];
  } catch {
    return [];
  }
}

export function readPosition(storage: Store, fileHash: string): ReaderPosition | undefined {
  return load(storage).find(([hash]) => hash === fileHash)?.[1];
}

export function writePosition(storage: Store, fileHash: string, position: ReaderPosition): void {
  const kept = [[fileHash, position] as [string, ReaderPosition], ...load(storage).filter(([hash]) => hash !== fileHash)].slice(0, POSITIONS_KEPT);
  try {
    storage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the reader opens at the start next time, nothing else is lost.
  }
}
