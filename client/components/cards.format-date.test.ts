import { describe, expect, it } from 'vitest';

import { formatDate } from '#client/components/cards.tsx';
import { LOCALES } from '#shared/content/types.ts';

describe('formatDate', () => {
  it.each(LOCALES)('matches Intl dateStyle long in UTC for every month and edge days (%s)', (locale) => {
    const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    const isos = Array.from({ length: 12 }, (_, month) => [
      `2026-${String(month + 1).padStart(2, '0')}-01T00:00:00Z`,
      `1999-${String(month + 1).padStart(2, '0')}-28T23:59:59Z`,
    ]).flat();

    for (const iso of [...isos, '2026-09-15', '2024-02-29T12:00:00+05:00', '2026-12-31T23:30:00-02:00'])
      expect(formatDate(iso, locale)).toBe(intl.format(new Date(iso)));
  });

  it('returns an empty string for a date it cannot read', () => {
    expect(formatDate('not a date', 'en-US')).toBe('');
  });
});
