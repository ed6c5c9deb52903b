import type { Article, ArticleSummary, Category, EntryRef, Locale, Model3D, ModelSummary, Page, SiteSettings, Tag } from '#shared/content/types.ts';

/** Past it, queries give up with 503. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

export interface QueryOptions {
  locale: Locale;
  /** Drafts through the Preview API, bypassing caches. */
  preview: boolean;
  signal?: AbortSignal;
  /** Past it requests to Contentful stop retrying too. */
  deadline?: Deadline | undefined;
}

interface Paged<T> {
  items: T[];
  total: number;
  skip: number;
  limit: number;
}

export interface CategoryNode extends Category {
  children: CategoryNode[];
  modelCount: number;
}

interface PageSummary {
  id: string;
  slug: string;
  title: string;
  updatedAt: string;
}

/** Loaders read it from the router context and never import the ContentService. */
export interface ContentApi {
  getSiteSettings(options: QueryOptions): Promise<SiteSettings>;
  getPage(slug: string, options: QueryOptions): Promise<Page | null>;
  listPages(options: QueryOptions): Promise<PageSummary[]>;
  listArticles(query: { skip?: number; limit?: number; tag?: string }, options: QueryOptions): Promise<Paged<ArticleSummary>>;
  getArticle(slug: string, options: QueryOptions): Promise<Article | null>;
  listModels(query: { category?: string; featured?: boolean; tag?: string }, options: QueryOptions): Promise<ModelSummary[]>;
  getModel(slug: string, options: QueryOptions): Promise<Model3D | null>;
  listCategories(options: QueryOptions): Promise<CategoryNode[]>;
  getTag(id: string, options: QueryOptions): Promise<Tag | null>;
  listTags(options: QueryOptions): Promise<Tag[]>;
  getLinkingEntries(entryId: string, options: QueryOptions): Promise<EntryRef[]>;
}
