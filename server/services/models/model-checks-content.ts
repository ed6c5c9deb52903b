import { contentNotes, withContentNotes } from '#server/services/models/model-notes.ts';
import { withFileVariants } from '#server/services/content/mapper-viewer.ts';

import type { ContentApi, QueryOptions } from '#shared/data/content-api.ts';
import type { ModelCheck, RichText, ViewerSource } from '#shared/content/types.ts';
import type { ModelChecks } from '#server/services/models/model-checks.ts';

/**
 * `content` whose models carry what validation found: visitors get `viewer.unavailable` for a broken file and the swatch group
 * settled against the file's variants, editors (preview) the whole report with what the entry and the file disagree on.
 */
export function withModelChecks<T extends ContentApi>(content: T, checks: ModelChecks): T {
  const settle = (source: ViewerSource, check: ModelCheck | undefined): ViewerSource => {
    const settled = withFileVariants(source, check);
    return check && !check.viewable ? { ...settled, unavailable: true } : settled;
  };
  // Models embedded in rich text get the same, so an article shows the poster and note instead of a failing viewer.
  // The same text with the same checks is the same object, so what pages derive from it (rich-text keys) is taken once (ADR 054).
  const markedTexts = new WeakMap<RichText, { found: Array<ModelCheck | undefined>; text: RichText }>();
  const marked = (text: RichText): RichText => {
    const refs = Object.entries(text.links.entries);
    const found = refs.map(([id, ref]) => ref.model && checks.checkOfEmbed(id, ref.model));
    const known = markedTexts.get(text);
    if (known?.found.length === found.length && known.found.every((check, i) => check === found[i])) return known.text;
    let entries: RichText['links']['entries'] | undefined;
    refs.forEach(([id, ref], i) => {
      const model = ref.model && settle(ref.model, found[i]);
      if (model !== ref.model) (entries ??= { ...text.links.entries })[id] = { ...ref, model };
    });
    const result = entries ? { ...text, links: { ...text.links, entries } } : text;
    markedTexts.set(text, { found, text: result });
    return result;
  };
  // Likewise each entry: the same cached entry with the same checks gives the same object, so loaders derive their answer
  // from it once per content version (perContentVersion, ADR 056). A new check or text makes a new one.
  const settledEntries = new WeakMap<object, { parts: unknown[]; value: object }>();
  const settledOnce = <T extends object>(entry: object, parts: unknown[], make: () => T): T => {
    const known = settledEntries.get(entry);
    if (known?.parts.length === parts.length && known.parts.every((part, i) => part === parts[i])) return known.value as T;
    const value = make();
    settledEntries.set(entry, { parts, value });
    return value;
  };
  return {
    ...content,
    async getModel(slug: string, options: QueryOptions) {
      const model = await content.getModel(slug, options);
      if (!model) return model;
      const check = checks.checkOf(model, options.preview);
      const description = marked(model.description);
      if (check && options.preview) {
        return { ...model, viewer: settle(model.viewer, check), description, check: withContentNotes(check, contentNotes(model, check)) };
      }
      return settledOnce(model, [check, description], () => ({ ...model, viewer: settle(model.viewer, check), description }));
    },
    async getArticle(slug: string, options: QueryOptions) {
      const article = await content.getArticle(slug, options);
      if (!article) return article;
      const body = marked(article.body);
      return settledOnce(article, [body], () => ({ ...article, body }));
    },
    async getPage(slug: string, options: QueryOptions) {
      const page = await content.getPage(slug, options);
      if (!page) return page;
      const body = marked(page.body);
      return settledOnce(page, [body], () => ({ ...page, body }));
    },
    async getSiteSettings(options: QueryOptions) {
      const settings = await content.getSiteSettings(options);
      const footer = marked(settings.footer);
      return settledOnce(settings, [footer], () => ({ ...settings, footer }));
    },
  };
}
