/**
 * A minimal single-page PDF 1.4 writer (standard Helvetica fonts, no embedding), enough
 * for a product spec sheet. Text is limited to WinAnsi characters.
 */
export interface PdfLine {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
}

export interface PdfPage {
  title: string;
  lines: PdfLine[];
  /** Horizontal rules: [x1, y, x2]. */
  rules: [number, number, number][];
}

function escapeText(text: string): string {
  if (/[^\x20-\x7e]/.test(text)) throw new Error(`PDF text must be printable ASCII: ${text}`);
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}

export function createPdf(page: PdfPage): Uint8Array {
  const content = [
    ...page.rules.map(([x1, y, x2]) => `0.6 0.55 0.5 RG 0.8 w ${x1} ${y} m ${x2} ${y} l S`),
    ...page.lines.map((line) => `BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf 0.17 0.15 0.13 rg ${line.x} ${line.y} Td (${escapeText(line.text)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escapeText(page.title)}) /Producer (Vitrine demo space generator) /CreationDate (D:20250301090000Z) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
