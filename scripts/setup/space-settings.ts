// Locales, tags and the taxonomy recipe, as content/source/ declares them for the demo export too.
import { DEFAULT_LOCALE } from '#shared/content/types.ts';

import { readJson } from '../content/lib/source.ts';
import { change, note, SetupError, toSdkFailure, unchanged } from './context.ts';

import type { SpaceSource } from '../content/build/content-model.ts';
import type { SetupContext } from './context.ts';

/** The locales the space has afterwards: the demo import leaves out fields of the others. */
export async function ensureLocales(ctx: SetupContext): Promise<string[]> {
  ctx.out('Locales');
  const { items } = await ctx.cma.locale.getMany({ query: { limit: 1000 } });
  const current = items.find((l) => l.default);
  if (current && current.code !== DEFAULT_LOCALE)
    throw new SetupError(
      `The default locale of environment "${ctx.env.environmentId}" is ${current.code}; Vitrine serves ${DEFAULT_LOCALE} as the default ` +
        `(unprefixed routes, fallbacks). Make ${DEFAULT_LOCALE} the default in Settings → Locales, or set up a new environment, then run setup again.`,
    );
  unchanged(ctx, `${DEFAULT_LOCALE} is the default locale`);
  const present: string[] = [DEFAULT_LOCALE];
  for (const { name, code, fallbackCode, optional } of readJson<SpaceSource>('space.json').locales.filter((l) => !l.default)) {
    if (items.some((l) => l.code === code)) {
      present.push(code);
      unchanged(ctx, `${code} exists`);
    } else if (!ctx.flags.german) ctx.out(`  - ${code} left out (--no-german): the site serves ${DEFAULT_LOCALE} only`);
    else {
      const data = { name, code, fallbackCode, optional, contentDeliveryApi: true, contentManagementApi: true };
      try {
        await change(ctx, `create locale ${code} (${name}, fallback ${fallbackCode})`, () => ctx.cma.locale.create({}, data));
        present.push(code);
      } catch (error) {
        if (toSdkFailure(error).status !== 403) throw error;
        note(ctx, `the token may not create locales: add ${name} (${code}, fallback ${fallbackCode}) in Settings → Locales.`);
      }
    }
  }
  return present;
}

/** Existing tags are left as they are; two tags may not share a name, so an editor's own "Design" under another id is theirs to reconcile. */
export async function ensureTags(ctx: SetupContext): Promise<void> {
  ctx.out('Tags');
  const wanted = readJson<SpaceSource>('space.json').tags;
  const existing = new Set((await ctx.cma.tag.getMany({ query: { limit: 1000 } })).items.map((tag) => tag.sys.id));
  for (const { id, name, visibility } of wanted.filter((t) => !existing.has(t.id))) {
    await change(ctx, `create ${visibility} tag ${id} ("${name}")`, () => ctx.cma.tag.createWithId({ tagId: id }, { name, sys: { visibility } })).catch(
      (error: unknown) => {
        if (toSdkFailure(error).status !== 422) throw error;
        note(ctx, `tag ${id} could not be created (${toSdkFailure(error).message}).`);
      },
    );
  }
  const kept = wanted.length - wanted.filter((t) => !existing.has(t.id)).length;
  if (kept > 0) unchanged(ctx, `${kept} of ${wanted.length} tags exist`);
}

interface Concept {
  sys: { id: string };
  prefLabel: Record<string, string>;
  broader?: { sys: { id: string } }[];
}

/** Concept schemes belong to the organization and need an org admin: print the recipe. */
export function printTaxonomyNotes(ctx: SetupContext): void {
  const { conceptSchemes, concepts } = readJson<{ conceptSchemes: Concept[]; concepts: Concept[] }>('taxonomy.json');
  ctx.out('Taxonomy (optional; organization level, not changed by setup)');
  for (const scheme of conceptSchemes) {
    ctx.out(`  - concept scheme "${scheme.sys.id}" (${scheme.prefLabel['en-US']}) with these concepts (id: label, under):`);
    ctx.out(`    ${concepts.map((c) => `${c.sys.id}: ${c.prefLabel['en-US']}${c.broader?.[0] ? ` < ${c.broader[0].sys.id}` : ''}`).join(', ')}`);
  }
  ctx.out('  - create them in Organization settings → Taxonomy with these ids, then enable the scheme for this space;');
  ctx.out('    without them the site works and the category filter stays empty.');
}
