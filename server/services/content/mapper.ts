import { isResolved, optStr, present, str, toAsset } from '#server/services/content/mapper-assets.ts';
import { toDimensions, toFiles, toHotspots, toViewerSource } from '#server/services/content/mapper-viewer.ts';
import { CONTENT_MODEL } from '#shared/content/content-model.ts';
import { isSafePath } from '#shared/safe-url.ts';
import { paths } from '#shared/urls.ts';

import type { UnresolvedLink } from 'contentful';
import type { SdkEntry } from '#server/services/content/mapper-assets.ts';
import type { MapContext } from '#server/services/content/taxonomy.ts';
import type { Article, ArticleSummary, EntryRef, EntryType, Locale, Model3D, ModelSummary } from '#shared/content/types.ts';
import type { NavigationLink, Page, Person, RichText, SiteSettings, Tag } from '#shared/content/types.ts';
import type { Field } from '#shared/content/declare.ts';
import type { FieldId } from '#shared/content/content-model.ts';
import type { Document } from '@contentful/rich-text-types';

export type { SdkEntry } from '#server/services/content/mapper-assets.ts';
type SdkLink = UnresolvedLink<'Entry' | 'Asset'>;

// A missing field or unresolvable link becomes `undefined`, never an exception.

function toPerson(value: unknown): Person | undefined {
  if (!isResolved(value, 'Entry')) return undefined;
  const avatar = toAsset(value.fields.avatar);
  const bio = optStr(value.fields.bio);
  return { id: value.sys.id, name: str(value.fields.name), ...present({ avatar, bio }) };
}

function toTags(entry: SdkEntry, ctx: MapContext): Tag[] {
  return (entry.metadata?.tags ?? []).flatMap((link) => {
    const name = ctx.tagName(link.sys.id);
    // Private tags are not in the public tag list: never show them.
    return name ? [{ id: link.sys.id, name }] : [];
  });
}

function base(entry: SdkEntry, ctx: MapContext) {
  return {
    id: entry.sys.id,
    locale: ctx.locale,
    slug: str(entry.fields.slug),
    tags: toTags(entry, ctx),
    updatedAt: entry.sys.updatedAt ?? new Date(0).toISOString(),
  };
}

/** The title is the type's display field; a person links to the home page. */
const REFS: Record<EntryType, { summary: FieldId; image: FieldId; url: (locale: Locale, slug: string) => string }> = {
  article: { summary: 'excerpt', image: 'heroImage', url: paths.article },
  page: { summary: 'seoDescription', image: 'ogImage', url: paths.page },
  model: { summary: 'summary', image: 'poster', url: paths.model },
  person: { summary: 'bio', image: 'avatar', url: paths.home },
};

export function toEntryRef(entry: SdkEntry, locale: Locale): EntryRef | undefined {
  const type = entry.sys.contentType?.sys.id as EntryType | undefined;
  if (!type || !Object.hasOwn(REFS, type)) return undefined;
  const { summary, image, url } = REFS[type];
  const title = str(entry.fields[CONTENT_MODEL[type].displayField as FieldId]);
  const optional = { summary: optStr(entry.fields[summary]), image: toAsset(entry.fields[image]), model: type === 'model' ? toViewerSource(entry) : undefined };
  return { id: entry.sys.id, type, title, url: url(locale, str(entry.fields.slug)), ...present(optional) };
}

type RichNode = { nodeType: string; data?: { target?: unknown }; content?: RichNode[] };
const RESOURCE_NODES = new Set(['embedded-resource-block', 'embedded-resource-inline', 'resource-hyperlink']);
const linkTo = (linkType: 'Entry' | 'Asset', id: string): SdkLink => ({ sys: { type: 'Link', linkType, id } });

/** Resolved targets become bare links so linked entries' fields never travel twice; unresolved resource URNs are for the caller to fetch. */
function toRichText(value: unknown, locale: Locale): RichText & { unresolvedUrns: string[] } {
  const links: RichText['links'] = { entries: {}, assets: {} };
  const unresolvedUrns: string[] = [];
  const doc = value as RichNode | undefined;
  if (doc?.nodeType !== 'document' || !Array.isArray(doc.content)) {
    return { document: { nodeType: 'document', data: {}, content: [] } as unknown as Document, links, unresolvedUrns };
  }
  const resolve = (nodeType: string, target: unknown): unknown => {
    if (isResolved(target, 'Entry')) {
      const ref = toEntryRef(target, locale);
      if (ref) links.entries[ref.id] = ref;
      // The SDK resolves a same-space resource link whose entry is included, dropping the URN the renderer looks it up by.
      const space = target.sys.space?.sys.id;
      if (!RESOURCE_NODES.has(nodeType) || !space) return linkTo('Entry', target.sys.id);
      return { sys: { type: 'ResourceLink', linkType: 'Contentful:Entry', urn: `crn:contentful:::content:spaces/${space}/entries/${target.sys.id}` } };
    }
    if (isResolved(target, 'Asset')) {
      const asset = toAsset(target);
      if (asset) links.assets[asset.id] = asset;
      return linkTo('Asset', target.sys.id);
    }
    const urn = (target as { sys?: { urn?: unknown } } | null)?.sys?.urn;
    if (typeof urn === 'string') unresolvedUrns.push(urn);
    return target;
  };
  const walk = (node: RichNode): RichNode => ({
    ...node,
    ...(node.data ? { data: node.data.target === undefined ? node.data : { ...node.data, target: resolve(node.nodeType, node.data.target) } } : {}),
    ...(node.content ? { content: node.content.map(walk) } : {}),
  });
  return { document: walk(doc) as unknown as Document, links, unresolvedUrns };
}

function categoryOf(entry: SdkEntry, ctx: MapContext) {
  const concept = entry.metadata?.concepts?.find((c) => ctx.taxonomy.has(c.sys.id));
  return concept ? ctx.taxonomy.category(concept.sys.id, ctx.locale) : undefined;
}

export function toArticleSummary(entry: SdkEntry, ctx: MapContext): ArticleSummary {
  const heroImage = toAsset(entry.fields.heroImage);
  const author = toPerson(entry.fields.author);
  return {
    ...base(entry, ctx),
    type: 'article',
    title: str(entry.fields.title),
    excerpt: str(entry.fields.excerpt),
    publishDate: str(entry.fields.publishDate) || (entry.sys.createdAt ?? ''),
    ...present({ heroImage, author }),
  };
}

export function toArticle(entry: SdkEntry, ctx: MapContext): Article & { unresolvedUrns: string[] } {
  const { unresolvedUrns, ...body } = toRichText(entry.fields.body, ctx.locale);
  return { ...toArticleSummary(entry, ctx), body, unresolvedUrns };
}

const FACTS = Object.entries(CONTENT_MODEL.model.fields as Record<string, Field>).flatMap(([id, field]) => (field.fact ? [{ id, labels: field.fact }] : []));

export function toModelSummary(entry: SdkEntry, ctx: MapContext): ModelSummary {
  const poster = toAsset(entry.fields.poster);
  const category = categoryOf(entry, ctx);
  const facts = FACTS.flatMap(({ id, labels }) => {
    const value = (entry.fields as Record<string, unknown>)[id];
    const text = typeof value === 'number' ? String(value) : str(value).trim();
    return text ? [{ id, label: labels[ctx.locale], value: text }] : [];
  });
  return {
    ...base(entry, ctx),
    type: 'model',
    name: str(entry.fields.name),
    summary: str(entry.fields.summary),
    ...present({ poster, category, facts: facts.length > 0 ? facts : undefined }),
  };
}

export function toModel(entry: SdkEntry, ctx: MapContext): (Model3D & { unresolvedUrns: string[] }) | undefined {
  const file = toAsset(entry.fields.file);
  const viewer = toViewerSource(entry);
  if (!file || !viewer) return undefined;
  const { unresolvedUrns, ...description } = toRichText(entry.fields.description, ctx.locale);
  const dimensions = toDimensions(entry.fields.dimensions);
  const files = toFiles(entry.fields.files);
  const notes = Object.entries(toHotspots(entry.fields.hotspots).notes).map(([id, { note, updatedAt }]) => {
    const { unresolvedUrns: _urns, ...text } = toRichText(note, ctx.locale);
    return [id, { ...text, updatedAt }] as const;
  });
  const hotspotNotes = notes.length > 0 ? Object.fromEntries(notes) : undefined;
  const extras = present({ dimensions, files: files.length > 0 ? files : undefined, hotspotNotes });
  return { ...toModelSummary(entry, ctx), description, file, viewer, ...extras, unresolvedUrns };
}

export function toPage(entry: SdkEntry, ctx: MapContext): Page & { unresolvedUrns: string[] } {
  const { unresolvedUrns, ...body } = toRichText(entry.fields.body, ctx.locale);
  const ogImage = toAsset(entry.fields.ogImage);
  const seoTitle = optStr(entry.fields.seoTitle);
  const seoDescription = optStr(entry.fields.seoDescription);
  return {
    ...base(entry, ctx),
    type: 'page',
    title: str(entry.fields.title),
    body,
    ...present({ seoTitle, seoDescription, ogImage }),
    unresolvedUrns,
  };
}

export function toSiteSettings(entry: SdkEntry | undefined, locale: Locale): SiteSettings {
  const nav = Array.isArray(entry?.fields.navigation) ? (entry.fields.navigation as Array<{ label?: unknown; path?: unknown }>) : [];
  const prefix = paths.home(locale) === '/' ? '' : paths.home(locale);
  const navigation: NavigationLink[] = nav.flatMap((item) =>
    // Origin-relative only: `/\host` and `/<tab>/host` leave the site as surely as `//host`.
    typeof item.label === 'string' && isSafePath(item.path) ? [{ label: item.label, url: item.path === '/' ? paths.home(locale) : prefix + item.path }] : [],
  );
  const socialImage = toAsset(entry?.fields.socialImage);
  const { unresolvedUrns: _ignored, ...footer } = toRichText(entry?.fields.footer, locale);
  return {
    id: entry?.sys.id ?? 'site',
    updatedAt: entry?.sys.updatedAt ?? new Date(0).toISOString(),
    name: str(entry?.fields.name) || 'Vitrine',
    description: str(entry?.fields.description),
    navigation,
    footer,
    ...(socialImage ? { socialImage } : {}),
  };
}
