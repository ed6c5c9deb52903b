import { describe, expect, it } from 'vitest';

import { renderField } from '#client/data/loader-helpers.ts';

import type { RichText } from '#shared/content/types.ts';
import type { RichTextHtml } from '#shared/data/context.ts';

const keyRecorder = (): RichTextHtml & { keys: string[] } => {
  const keys: string[] = [];
  return { keys, render: (_value, _locale, key) => (keys.push(key), { kind: 'rendered-rich-text', key, html: '' }) };
};

const doc = (title: string): RichText => ({
  document: { nodeType: 'document', data: {}, content: [] } as unknown as RichText['document'],
  links: { entries: { m1: { id: 'm1', type: 'model', title, url: '/models/m1' } }, assets: {} },
});

describe('renderField', () => {
  const entry = { id: 'a1', updatedAt: '2026-01-01T00:00:00.000Z', locale: 'en-US' as const };

  it('keys the rendered HTML by the linked entries too, so a renamed linked model renders fresh', () => {
    const recorder = keyRecorder();

    renderField(recorder, doc('Chair'), entry, 'body');
    renderField(recorder, doc('Chair'), entry, 'body');
    renderField(recorder, doc('Lounge chair'), entry, 'body');

    expect(recorder.keys[0]).toBe(recorder.keys[1]);
    expect(recorder.keys[2]).not.toBe(recorder.keys[0]);
  });

  it('hashes the links of one content version once, however many requests render it', () => {
    const recorder = keyRecorder();
    const value = doc('Chair');
    let serialized = 0;
    // JSON.stringify calls toJSON: a count of how often the links are serialized.
    Object.defineProperty(value.links, 'toJSON', { value: () => (serialized++, { entries: {}, assets: {} }) });

    for (let request = 0; request < 3; request++) renderField(recorder, value, entry, 'body');

    expect(serialized).toBe(1);
    expect(new Set(recorder.keys).size).toBe(1);
  });
});
