import { toSdkFailure } from './cma.ts';
import { change, note, readJson, unchanged } from './context.ts';

import type { SpaceSource } from '../content/build/content-model.ts';
import type { SetupContext } from './context.ts';

export async function ensureTags(ctx: SetupContext): Promise<void> {
  ctx.out('Tags');
  const wanted = readJson<SpaceSource>('content/source/space.json').tags;
  const { items } = await ctx.cma.tag.getMany({ query: { limit: 1000 } });
  const existing = new Map(items.map((tag) => [tag.sys.id, tag]));
  for (const tag of wanted) {
    const found = existing.get(tag.id);
    if (found) {
      if (found.sys.visibility !== tag.visibility)
        note(ctx, `tag ${tag.id} is ${found.sys.visibility}; Vitrine expects ${tag.visibility} (visibility cannot change: delete and re-create it).`);
      continue;
    }
    try {
      const data = { name: tag.name, sys: { visibility: tag.visibility } };
      await change(ctx, `create ${tag.visibility} tag ${tag.id} ("${tag.name}")`, () => ctx.cma.tag.createWithId({ tagId: tag.id }, data));
    } catch (error) {
      // Two tags may not share a name: an editor's own "Design" tag under another id is theirs to reconcile.
      if (toSdkFailure(error).status !== 422) throw error;
      note(ctx, `tag ${tag.id} could not be created (${toSdkFailure(error).message}).`);
    }
  }
  const kept = wanted.filter((t) => existing.has(t.id)).length;
  if (kept > 0) unchanged(ctx, `${kept} of ${wanted.length} tags exist`);
}

interface Concept {
  sys: { id: string };
  prefLabel: Record<string, string>;
  broader?: { sys: { id: string } }[];
}

/** Concept schemes belong to the organization and need an org admin: print the recipe. */
export function printTaxonomyNotes(ctx: SetupContext): void {
  const { conceptSchemes, concepts } = readJson<{ conceptSchemes: (Concept & { topConcepts: unknown[] })[]; concepts: Concept[] }>(
    'content/source/taxonomy.json',
  );
  ctx.out('Taxonomy (optional; organization level, not changed by setup)');
  for (const scheme of conceptSchemes) {
    ctx.out(`  - concept scheme "${scheme.sys.id}" (${scheme.prefLabel['en-US']}) with these concepts (id: label, under):`);
    const line = concepts.map((c) => `${c.sys.id}: ${c.prefLabel['en-US']}${c.broader?.[0] ? ` < ${c.broader[0].sys.id}` : ''}`).join(', ');
    ctx.out(`    ${line}`);
  }
  ctx.out('  - create them in Organization settings → Taxonomy with these ids, then enable the scheme for this space;');
  ctx.out('    without them the site works and the category filter stays empty.');
}
