import { describe, expect, it } from 'vitest';

import { RICH_TEXT_LABELS } from '#client/features/rich-text/embeds.tsx';

describe('RICH_TEXT_LABELS', () => {
  it('has German labels', () => {
    expect(RICH_TEXT_LABELS['de-DE'].unavailable).toBe('Verknüpfter Inhalt nicht verfügbar');
  });
});
