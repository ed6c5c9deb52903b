import { BLOCKS } from '@contentful/rich-text-types';

import type { Document } from '@contentful/rich-text-types';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { ArticleSummary, Locale, ModelSummary, RichText, SiteSettings } from '#shared/content/types.ts';

/**
 * An in-memory ContentApi for tests of the HTTP/SSR pipeline that are not
 * about content. Content tests use the real SDK against the embedded engine.
 */
export interface FakeContentOptions {
  siteName?: string;
  /** Delay every call (to test timeouts and deadlines). */
  delayMs?: number;
  articles?: Array<Partial<ArticleSummary> & { slug: string; title: string }>;
}

const emptyDoc = (text: string): RichText => ({
  document: {
    nodeType: BLOCKS.DOCUMENT,
    data: {},
    content: [{ nodeType: BLOCKS.PARAGRAPH, data: {}, content: [{ nodeType: 'text', value: text, marks: [], data: {} }] }],
  } as Document,
  links: { entries: {}, assets: {} },
});

export function createFakeContent(options: FakeContentOptions = {}): ContentApi {
  const wait = () => (options.delayMs ? new Promise((r) => setTimeout(r, options.delayMs)) : Promise.resolve());
  const site = (locale: Locale): SiteSettings => ({
    id: 'site',
    updatedAt: '2026-01-01T00:00:00.000Z',
    name: options.siteName ?? 'Vitrine',
    description: locale === 'de-DE' ? 'Produkte in 3D.' : 'Products in 3D, and the stories around them.',
    navigation: [{ label: 'Models', url: locale === 'de-DE' ? '/de/models' : '/models' }],
    footer: emptyDoc('Footer'),
  });
  const articles: ArticleSummary[] = (options.articles ?? [{ slug: 'hello', title: 'Hello' }]).map((a, i) => ({
    type: 'article',
    id: `a${i}`,
    locale: 'en-US',
    tags: [],
    updatedAt: '2026-01-01T00:00:00.000Z',
    excerpt: 'An excerpt',
    publishDate: '2026-01-01',
    ...a,
  }));
  const models: ModelSummary[] = [
    { type: 'model', id: 'm1', locale: 'en-US', slug: 'chair', name: 'Chair', summary: 'A chair', tags: [], updatedAt: '2026-01-01T00:00:00.000Z' },
  ];
  return {
    async getSiteSettings({ locale }) {
      await wait();
      return site(locale);
    },
    async getPage() {
      await wait();
      return null;
    },
    listPages: async () => [],
    async listArticles({ skip = 0, limit = 10 }) {
      await wait();
      return { items: articles.slice(skip, skip + limit), total: articles.length, skip, limit };
    },
    getArticle: async () => null,
    async listModels() {
      await wait();
      return models;
    },
    getModel: async () => null,
    listCategories: async () => [],
    getTag: async () => null,
    listTags: async () => [],
    getLinkingEntries: async () => [],
  };
}
