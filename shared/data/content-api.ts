import type { Article, ArticleSummary, Category, EntryRef, Locale, Model3D, ModelSummary, Page, SiteSettings, Tag } from '#shared/content/types.ts';

/** When a request's content work must be done; past it, queries give up with 503 (server/middleware/deadline.ts). */
export interface Deadline {
  /** Aborts at `expiresAt`. */
  readonly signal: AbortSignal;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/** Per-call options every content query takes. */
export interface QueryOptions {
  locale: Locale;
  /** Read drafts through the Preview API, bypassing caches. */
  preview: boolean;
  /** The caller went away: the query rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The request's budget: past it the query answers 503, and requests to Contentful stop retrying. */
  deadline?: Deadline | undefined;
}

export interface Paged<T> {
  items: T[];
  total: number;
  skip: number;
  limit: number;
}

/** A taxonomy concept with its children, for category filters. */
export interface CategoryNode extends Category {
  children: CategoryNode[];
  modelCount: number;
}

export interface PageSummary {
  id: string;
  slug: string;
  title: string;
  updatedAt: string;
}

/**
 * The domain queries loaders use. Implemented on the server by the
 * ContentService over the `contentful` SDK (live API or embedded engine);
 * loaders read it from the router context and never import it.
 */
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
  /** Entries whose links point at `entryId` (for "appears in" lists and cache invalidation). */
  getLinkingEntries(entryId: string, options: QueryOptions): Promise<EntryRef[]>;
}
