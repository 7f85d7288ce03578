// A real, valid PDF of many text pages (Helvetica, one of the standard 14 fonts, so no
// font is embedded), written with a correct cross-reference table: the reader bench's
// large document.
const WORDS = 'the of reference manager annotation highlight page offline sync replica measure latency document reader paper method result figure table section'.split(' ');

function pageText(page: number): string {
  const lines: string[] = ['BT', '/F1 18 Tf', '72 740 Td', `(Section ${page}: a generated page) Tj`, '/F1 11 Tf', '0 -28 Td'];
  for (let line = 0; line < 44; line++) {
    const words = Array.from({ length: 12 }, (_, i) => WORDS[(page * 7 + line * 13 + i * 5) % WORDS.length]).join(' ');
    lines.push(`(${words}.) Tj`, '0 -14 Td');
  }
  lines.push('ET');
  return lines.join('\n');
}

export function generatePdf(pages: number): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) ; // object number = index + 1
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, filled in below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (let p = 1; p <= pages; p++) {
    const content = pageText(p);
    add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const contentId = objects.length;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`;

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out); // ASCII only, so string offsets are byte offsets
}
