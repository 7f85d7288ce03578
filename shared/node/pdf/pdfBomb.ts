// A PDF bomb for tests: one small Flate stream that expands to `expandedMb` megabytes of
// page content, shared by every page. Built by streaming deflate, so making it never holds
// the expansion in memory.
import { constants, deflateSync } from 'node:zlib';

export function pdfBomb(expandedMb: number, pages = 10): Buffer {
  const chunk = Buffer.alloc(1024 * 1024, 0x20); // spaces: valid, empty page content
  const parts: Buffer[] = [];
  // Deflate chunk by chunk with a shared dictionary state is not exposed synchronously;
  // separate full-flush blocks of one raw stream concatenate into a valid zlib stream.
  const first = deflateSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const middle = first.subarray(2); // the same block without the zlib header
  parts.push(first);
  for (let i = 1; i < expandedMb; i++) parts.push(middle);
  parts.push(deflateSync(Buffer.alloc(0), { level: 9 }).subarray(2)); // final empty block and the (wrong) checksum pdf.js ignores
  const stream = Buffer.concat(parts);

  const objects: Buffer[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i} 0 R`).join(' ');
  objects.push(Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.push(Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`));
  objects.push(Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]));
  for (let i = 0; i < pages; i++) objects.push(Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>'));

  const out: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let offset = out[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    out.push(obj);
    offset += obj.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  out.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(out);
}
