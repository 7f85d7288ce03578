// Bytes as base64, for the bridge commands that carry a file's bytes from the window in
// chunks (the import's staging area, a dataset's upload).
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // String.fromCharCode takes arguments: go in slices so large chunks do not overflow the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
