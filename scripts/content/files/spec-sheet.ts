import { createPdf } from './pdf.ts';

import type { PdfLine } from './pdf.ts';

/** The Kerf Dining Table spec sheet, an A4 PDF offered as a download. */
export function createKerfSpecSheet(dimensions: { width: number; height: number; depth: number }): Uint8Array {
  const rows: [string, string][] = [
    ['Length', `${dimensions.width} mm`],
    ['Width', `${dimensions.depth} mm`],
    ['Height', `${dimensions.height} mm`],
    ['Weight', '46 kg'],
    ['Seats', '8'],
    ['Timber', 'Solid American black walnut, FSC certified'],
    ['Finish', 'Hardwax oil, matte'],
    ['Joinery', 'Through-stretcher, locked with oak wedges; no glue'],
    ['Flat-pack', '5 parts, largest 2000 x 900 x 30 mm'],
  ];
  const lines: PdfLine[] = [
    { text: 'VITRINE', x: 56, y: 780, size: 10, bold: true },
    { text: 'Kerf Dining Table', x: 56, y: 740, size: 26, bold: true },
    { text: 'Product specification, edition 2025', x: 56, y: 716, size: 11 },
    ...rows.flatMap(([label, value], index): PdfLine[] => [
      { text: label, x: 56, y: 660 - index * 26, size: 11, bold: true },
      { text: value, x: 200, y: 660 - index * 26, size: 11 },
    ]),
    { text: 'Care', x: 56, y: 400, size: 13, bold: true },
    { text: 'Wipe with a damp cloth. Re-oil once or twice a year, or when water no longer beads.', x: 56, y: 378, size: 10 },
    { text: 'Use coasters: walnut is softer than oak and shows rings from hot cups.', x: 56, y: 362, size: 10 },
    { text: 'Spare parts', x: 56, y: 326, size: 13, bold: true },
    { text: 'Wedges, stretcher and feet are available for 15 years. Quote the part numbers K-01 to K-05.', x: 56, y: 304, size: 10 },
    { text: 'Generated for the Vitrine demo. Vitrine is fictional; this document is released under CC0 1.0.', x: 56, y: 60, size: 8 },
  ];
  const rules: [number, number, number][] = [[56, 700, 539], ...rows.map((_, index): [number, number, number] => [56, 652 - index * 26, 539]), [56, 76, 539]];
  return createPdf({ title: 'Kerf Dining Table - specification', lines, rules });
}
