// What documents and folders carry while dragged inside the window.
export const DOCUMENTS_MIME = 'application/x-refshelf-documents';
export const FOLDER_MIME = 'application/x-refshelf-folder';

export function draggedDocuments(data: DataTransfer): string[] | undefined {
  const raw = data.getData(DOCUMENTS_MIME);
  if (!raw) return undefined;
  try {
    const ids = JSON.parse(raw) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : undefined;
  } catch {
    return undefined;
  }
}

export const carries = (data: DataTransfer, mime: string) => Array.from(data.types).includes(mime);
