// A tiny PDF writer for tests: pages of Helvetica text at given positions and sizes, an
// optional Info dictionary, and switches for the broken cases (encryption, truncation).
// It writes correct cross-reference offsets so pdf.js reads the files without repair.

export interface SyntheticText {
  text: string;
  x: number;
  y: number;
  size: number;
  /** Rotate by 90 degrees (an arXiv banner in the margin). */
  rotated?: boolean;
  /** Mirror left to right, drawn leftwards from x (the reversed E of the XeTeX logo). */
  mirrored?: boolean;
  /** Flip top to bottom: the matrix pdf.js reports for a dvips bitmap font, whose own matrix turns it upright again. */
  flipped?: boolean;
  /**
   * Set in a Chinese font as TeX engines often write it: CID-keyed, not embedded, with the
   * predefined CMap UniGB-UCS2-H and no ToUnicode map, so only that CMap gives its text. Its
   * ideographs are an em wide, its space a quarter em.
   */
  cjk?: boolean;
}

export interface SyntheticPdfOptions {
  pages: SyntheticText[][];
  info?: Record<string, string>;
  /** Add an /Encrypt dictionary whose user password is not empty. */
  encrypted?: boolean;
  /** Draw a filled rectangle (an "image") on every page. */
  drawing?: boolean;
}

const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

export function syntheticPdf(options: SyntheticPdfOptions): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) ;
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages, filled in below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  let fonts = '/F1 3 0 R';
  if (options.pages.some((page) => page.some((t) => t.cjk))) {
    add('<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light-UniGB-UCS2-H /Encoding /UniGB-UCS2-H /DescendantFonts [5 0 R] >>');
    add('<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 6 0 R /DW 1000 /W [1 [250]] >>');
    add('<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>');
    fonts += ' /F2 4 0 R';
  }
  const kids: number[] = [];
  for (const page of options.pages) {
    let content = options.drawing ? '0.5 g 50 50 500 700 re f\n' : '';
    for (const t of page) {
      const matrix = t.rotated ? `0 1 -1 0 ${t.x} ${t.y}` : t.mirrored ? `-1 0 0 1 ${t.x} ${t.y}` : t.flipped ? `1 0 0 -1 ${t.x} ${t.y}` : `1 0 0 1 ${t.x} ${t.y}`;
      const shown = t.cjk ? `<${Buffer.from(t.text, 'utf16le').swap16().toString('hex')}>` : `(${escape(t.text)})`;
      content += `BT /${t.cjk ? 'F2' : 'F1'} ${t.size} Tf ${matrix} Tm ${shown} Tj ET\n`;
    }
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
    const contentId = objects.length;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << ${fonts} >> >> /Contents ${contentId} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let infoRef = '';
  if (options.info) {
    // Text beyond Latin-1 as PDF writes it: UTF-16BE after its byte-order mark.
    const pdfString = (v: string) => (Buffer.from(v, 'latin1').toString('latin1') === v ? `(${escape(v)})` : `<FEFF${Buffer.from(v, 'utf16le').swap16().toString('hex')}>`);
    add(`<< ${Object.entries(options.info).map(([k, v]) => `/${k} ${pdfString(v)}`).join(' ')} >>`);
    infoRef = ` /Info ${objects.length} 0 R`;
  }
  let encryptRef = '';
  if (options.encrypted) {
    const hex32 = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90';
    add(`<< /Filter /Standard /V 1 /R 2 /O <${hex32}> /U <${hex32}> /P -44 >>`);
    encryptRef = ` /Encrypt ${objects.length} 0 R`;
  }
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${infoRef}${encryptRef} /ID [<0123456789ABCDEF0123456789ABCDEF> <0123456789ABCDEF0123456789ABCDEF>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Body text lines (10 pt) from the top of a column downwards. */
export function paragraph(lines: string[], x: number, top: number, size = 10): SyntheticText[] {
  return lines.map((text, i) => ({ text, x, y: top - i * size * 1.2, size }));
}

/** A column of ordinary prose, `lines` lines of it at 10 pt from `top` down: the body a class test's page needs around what it shows. */
export function bodyText(x: number, top: number, lines: number): SyntheticText[] {
  return paragraph(Array.from({ length: lines }, () => 'gears turn in columns and the text runs on to the right margin of the column'), x, top, 10);
}
