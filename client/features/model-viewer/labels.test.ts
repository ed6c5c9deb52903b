import { describe, expect, it } from 'vitest';

import { getCanvasLabels } from './canvas-labels.ts';
import { getViewerLabels } from './labels.ts';

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
  ['shell', getViewerLabels],
  ['3D chunk', getCanvasLabels],
])('the %s labels', (_name, getLabels) => {
  it('have the same strings in German as in English, each translated', () => {
    const english = flatten(getLabels('en-US'));
    const german = flatten(getLabels('de-DE'));

    expect([...german.keys()]).toEqual([...english.keys()]);
    for (const [path, text] of german) {
      expect(text, path).not.toBe(english.get(path));
      expect(text.trim(), path).not.toBe('');
    }
  });
});

describe('getCanvasLabels', () => {
  it('names the canvas by the model in the page language', () => {
    expect(getCanvasLabels('en-US').canvas('Oak chair')).toBe('Oak chair (interactive 3D view)');
    expect(getCanvasLabels('de-DE').canvas('Eichenstuhl')).toBe('Eichenstuhl (interaktive 3D-Ansicht)');
  });
});
