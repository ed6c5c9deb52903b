import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { SHOWCASE_LIMITS, VARIANT_KEY } from '#server/services/content/mapper-viewer.ts';
import { CONTENT_MODEL, CONTENT_TYPES } from '#shared/content/content-model.ts';
import { THIS_SPACE } from '#shared/content/declare.ts';

import type { Field, Validation } from '#shared/content/declare.ts';

const ids = new Set(CONTENT_TYPES.map((type) => type.id));
const sizeOf = (validations: readonly Validation[]) => (validations.find((v) => 'size' in v)?.size as { max: number } | undefined)?.max;

// docs/content-model.md's tables, row by row, as the declaration has them.
const code = (text: string) => `\`${text}\``;
const kind = ({ type, linkType, items }: Field) =>
  type === 'Link' ? `Link → ${linkType}` : items ? `Array of ${items.type === 'Link' ? `Link → ${items.linkType}` : items.type}` : type;
function rule(validation: Validation): string | undefined {
  const { unique, size, regexp, linkContentType, linkMimetypeGroup, assetFileSize } = validation as Record<
    string,
    { max: number } & { pattern: string } & string[]
  >;
  if (unique) return 'unique';
  if (size) return `≤ ${size.max}`;
  if (regexp) return code(regexp.pattern);
  if (linkContentType) return linkContentType.map(code).join(', ');
  if (linkMimetypeGroup) return `${linkMimetypeGroup.join(', ')} files`;
  return assetFileSize ? `≤ ${assetFileSize.max / 1024 / 1024} MB` : undefined;
}
const rules = (field: Field) => {
  const all = [...(field.items?.validations ?? []), ...field.validations];
  const known = all.flatMap((validation) => rule(validation) ?? []);
  return [...known, ...(known.length < all.length ? ['rich-text marks and nodes'] : [])].join(', ');
};
const missing = (essential: boolean) => (essential ? 'error' : 'warning');
const yes = (flag: boolean) => (flag ? 'yes' : '');
const TYPE_ROWS = CONTENT_TYPES.map((type) => [code(type.id), type.name, type.description, code(type.displayField), missing(type.essential)]);
const FIELD_ROWS = CONTENT_TYPES.flatMap((type) =>
  type.fields.map((field) => {
    const cells = [code(`${type.id}.${field.id}`), kind(field), rules(field), yes(field.required), yes(field.localized)];
    return [...cells, missing(type.essential && field.essential)];
  }),
);
/** The rows of the doc's tables whose first cell names a content type (`model`) or a field (`model.name`). */
const docRows = (markdown: string, isField: boolean) =>
  markdown
    .split('\n')
    .filter((line) => /^\| `[A-Za-z]+(\.[A-Za-z]+)?` /.test(line) && line.split('|')[1]?.includes('.') === isField)
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
const asTable = (rows: string[][]) => rows.map((cells) => `| ${cells.join(' | ')} |`).join('\n');

/** The declaration (shared/content/content-model.ts) is the one content model: what else states a part of it must agree. */
describe('the content model', () => {
  it("is what docs/content-model.md's tables say (on a failure, paste the expected rows and run prettier on the doc)", () => {
    const doc = readFileSync(new URL('../../docs/content-model.md', import.meta.url), 'utf8');
    expect(asTable(docRows(doc, false))).toBe(asTable(TYPE_ROWS));
    expect(asTable(docRows(doc, true))).toBe(asTable(FIELD_ROWS));
  });

  it('shows each entry by a declared text field and links only to declared content types', () => {
    for (const type of CONTENT_TYPES) {
      const display = type.fields.find((field) => field.id === type.displayField);
      expect(display?.type, `${type.id}.displayField`).toBe('Symbol');
      for (const field of type.fields) {
        const linked = JSON.stringify([field.validations, field.items?.validations]).matchAll(/"(?:linkContentType|contentTypes)":\[([^\]]*)\]/g);
        for (const [, list] of linked) for (const id of JSON.parse(`[${list}]`) as string[]) expect(ids, `${type.id}.${field.id} links ${id}`).toContain(id);
      }
    }
  });

  it('lets rich text link only into the space it is applied to', () => {
    const sources = JSON.stringify(CONTENT_MODEL).match(/"source":"[^"]*"/g) ?? [];
    expect(new Set(sources)).toEqual(new Set([`"source":"${THIS_SPACE}"`]));
  });

  it("agrees with the mapper's limits on variants and hotspots", () => {
    const { model, modelVariant, hotspot } = CONTENT_MODEL;
    expect(sizeOf(model.fields.variants.validations)).toBe(SHOWCASE_LIMITS.variants);
    expect(sizeOf(model.fields.hotspots.validations)).toBe(SHOWCASE_LIMITS.hotspots);
    expect([sizeOf(modelVariant.fields.label.validations), sizeOf(hotspot.fields.label.validations)]).toEqual([SHOWCASE_LIMITS.label, SHOWCASE_LIMITS.label]);
    expect((modelVariant.fields.key.validations[0]?.regexp as { pattern: string }).pattern).toBe(VARIANT_KEY.source);
  });
});
