import { describe, expect, it } from 'vitest';

import { getRichTextLabels } from '#client/features/rich-text/embeds.tsx';

describe('getRichTextLabels', () => {
  it('has German labels', () => {
    expect(getRichTextLabels('de-DE').unavailable).toBe('Verknüpfter Inhalt nicht verfügbar');
  });
});
