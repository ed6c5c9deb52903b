// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { headingIds, RESERVED_IDS, slugify } from '#client/features/rich-text/heading-ids.ts';
import { doc, node, p, text } from '../../../tests/fixtures/rich-text.ts';

const h = (level: number, ...parts: string[]) =>
  node(
    `heading-${level}`,
    parts.map((part) => text(part)),
  );

describe('slugify', () => {
  it('keeps letters and digits of any script in lower case and turns other runs into one dash', () => {
    expect(slugify('Our Team')).toBe('our-team');
    expect(slugify('  Über uns & Team!  ')).toBe('über-uns-team');
    expect(slugify('Ü') /* decomposed U + ¨ */).toBe('ü');
    expect(slugify('3D-Modelle: glTF 2.0')).toBe('3d-modelle-gltf-2-0');
    expect(slugify('日本語 の 見出し')).toBe('日本語-の-見出し');
    expect(slugify('"><script>x</script>')).toBe('script-x-script');
    expect(slugify('— ! ? —')).toBe('');
  });

  it('cuts at 64 code points without leaving a dash or half a surrogate pair', () => {
    expect(slugify('a'.repeat(63) + ' b')).toBe('a'.repeat(63));
    expect(Array.from(slugify('𝒜'.repeat(100)))).toHaveLength(64);
    expect(slugify('𝒜'.repeat(100))).toBe('𝒜'.repeat(64));
  });
});

describe('headingIds', () => {
  const idsOf = (...content: ReturnType<typeof node>[]) => {
    const document = doc(...content);
    const ids = headingIds(document);
    return document.content.map((child) => ids.get(child));
  };

  it('makes ids unique within the document, including against a heading that looks like a suffix', () => {
    expect(idsOf(h(2, 'Team'), p('Team'), h(3, 'team'), h(2, 'Team 2'), h(2, 'TEAM'))).toEqual(['team', undefined, 'team-2', 'team-2-2', 'team-3']);
  });

  it('suffixes the ids the app renders itself and gives headings without letters or digits none', () => {
    expect(idsOf(h(2, 'Main'), h(2, 'Search page form'), h(2, 'Search facet tags 0'), h(2, '***'), h(2))).toEqual([
      'main-2',
      'search-page-form-2',
      'search-facet-tags-0-2',
      undefined,
      undefined,
    ]);
  });

  it('reads the text of marks and links inside the heading, soft breaks included', () => {
    expect(idsOf(node('heading-2', [text('Oak', 'bold'), node('hyperlink', [text(' and\nash')], { uri: '/x' })]))).toEqual(['oak-and-ash']);
  });

  it('stays linear for thousands of equal headings', () => {
    const ids = idsOf(...Array.from({ length: 5000 }, () => h(2, 'Same')));
    expect(new Set(ids).size).toBe(5000);
    expect(ids.at(-1)).toBe('same-5000');
  });
});

describe('RESERVED_IDS', () => {
  it('lists every fixed element id the app renders (literal ids and *_ID constants in client/)', () => {
    const files = readdirSync('client', { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'));
    const found = new Set<string>();
    for (const file of files) {
      const source = readFileSync(join('client', file), 'utf8');
      for (const match of source.matchAll(/\bid="([^"]+)"|\b[A-Z_]+_ID = '([^']+)'/g)) found.add(match[1] ?? match[2] ?? '');
      for (const match of source.matchAll(/\bid=\{`([a-z-]+)\$\{/g)) found.add(`${match[1]}…`);
    }
    expect(found.size).toBeGreaterThan(5);
    // Template ids: search-facet-… is covered by the pattern in heading-ids.ts.
    expect([...found].filter((id) => !RESERVED_IDS.has(id) && id !== 'search-facet-…')).toEqual([]);
  });
});
