import { withContentNotes } from '#server/services/models/model-notes.ts';
import { withFileVariants } from '#server/services/content/mapper-viewer.ts';

import type { ContentApi, QueryOptions } from '#shared/data/content-api.ts';
import type { ModelCheck, RichText, ViewerSource } from '#shared/content/types.ts';
import type { ModelChecks } from '#server/services/models/model-checks.ts';

/** Visitors get `viewer.unavailable` and variants settled against the file's; editors (preview) get the whole report. */
export function withModelChecks<T extends ContentApi>(content: T, checks: ModelChecks): T {
  const settle = (source: ViewerSource, check: ModelCheck | undefined): ViewerSource => {
    const settled = withFileVariants(source, check);
    return check && !check.viewable ? { ...settled, unavailable: true } : settled;
  };
  // The same cached text or entry with the same checks gives the same object, so what pages and loaders derive from it is taken
  // once per content version (ADR 054, 056). A new check or text makes a new one.
  const made = new WeakMap<object, { parts: unknown[]; value: unknown }>();
  const once = <V>(key: object, parts: unknown[], make: () => V): V => {
    const known = made.get(key);
    if (known?.parts.length === parts.length && known.parts.every((part, i) => part === parts[i])) return known.value as V;
    const value = make();
    made.set(key, { parts, value });
    return value;
  };
  // Models embedded in rich text get the same, so an article shows the poster and note instead of a failing viewer.
  const marked = (text: RichText): RichText => {
    const refs = Object.entries(text.links.entries);
    const found = refs.map(([id, ref]) => ref.model && checks.checkOfEmbed(id, ref.model));
    return once(text, found, () => {
      let entries: RichText['links']['entries'] | undefined;
      refs.forEach(([id, ref], i) => {
        const model = ref.model && settle(ref.model, found[i]);
        if (model !== ref.model) (entries ??= { ...text.links.entries })[id] = { ...ref, model };
      });
      return entries ? { ...text, links: { ...text.links, entries } } : text;
    });
  };
  const withBody = <E extends { body: RichText }>(entry: E | null) => {
    const body = entry && marked(entry.body);
    return entry && once(entry, [body], () => ({ ...entry, body }));
  };
  return {
    ...content,
    async getModel(slug: string, options: QueryOptions) {
      const model = await content.getModel(slug, options);
      if (!model) return model;
      const check = checks.checkOf(model, options.preview);
      const description = marked(model.description);
      if (check && options.preview) {
        return { ...model, viewer: settle(model.viewer, check), description, check: withContentNotes(model, check) };
      }
      return once(model, [check, description], () => ({ ...model, viewer: settle(model.viewer, check), description }));
    },
    getArticle: async (slug: string, options: QueryOptions) => withBody(await content.getArticle(slug, options)),
    getPage: async (slug: string, options: QueryOptions) => withBody(await content.getPage(slug, options)),
    async getSiteSettings(options: QueryOptions) {
      const settings = await content.getSiteSettings(options);
      const footer = marked(settings.footer);
      return once(settings, [footer], () => ({ ...settings, footer }));
    },
  };
}
