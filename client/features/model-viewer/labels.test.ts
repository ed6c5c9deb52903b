import { describe, expect, it } from 'vitest';

import { CANVAS_LABELS } from './canvas-labels.ts';
import { VIEWER_LABELS } from './labels.ts';

/** Every string of a labels object by its path, with functions called on a sample argument. */
function flatten(labels: object, prefix = ''): Map<string, string> {
  const entries = Object.entries(labels).flatMap(([key, value]): [string, string][] => {
    const path = `${prefix}${key}`;
    if (typeof value === 'function') return [[path, String(value('Stuhl'))]];
    if (typeof value === 'object' && value !== null) return [...flatten(value as object, `${path}.`)];
    return [[path, String(value)]];
  });
  return new Map(entries);
}

describe.each([
  ['shell', VIEWER_LABELS],
  ['3D chunk', CANVAS_LABELS],
])('the %s labels', (_name, labels) => {
  it('have the same strings in German as in English, each translated', () => {
    const english = flatten(labels['en-US']);
    const german = flatten(labels['de-DE']);

    expect([...german.keys()]).toEqual([...english.keys()]);
    for (const [path, text] of german) {
      expect(text, path).not.toBe(english.get(path));
      expect(text.trim(), path).not.toBe('');
    }
  });
});

describe('CANVAS_LABELS', () => {
  it('names the canvas by the model in the page language', () => {
    expect(CANVAS_LABELS['en-US'].canvas('Oak chair')).toBe('Oak chair (interactive 3D view)');
    expect(CANVAS_LABELS['de-DE'].canvas('Eichenstuhl')).toBe('Eichenstuhl (interaktive 3D-Ansicht)');
  });
});
