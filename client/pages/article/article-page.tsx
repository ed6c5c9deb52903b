import { useLoaderData } from 'react-router';

import { Breadcrumbs, formatDate, TagList } from '#client/components/cards.tsx';
import { Image } from '#client/components/image.tsx';
import { breadcrumbJsonLd, articleJsonLd } from '#client/components/json-ld.ts';
import { Seo } from '#client/components/seo.tsx';
import { loadEmbeddedViewer } from '#client/components/embedded-viewer.tsx';
import { Inspectable, useInspector } from '#client/features/live-preview/inspector.ts';
import { RichTextHtml } from '#client/features/rich-text/index.ts';
import { LABELS } from '#client/layout/labels.ts';
import { useSite } from '#client/layout/use-site.ts';
import { paths } from '#shared/urls.ts';

import type { ArticleData } from '#client/pages/article/article.server.ts';

export function Component() {
  const { article } = useLoaderData() as ArticleData;
  const { locale, origin, site } = useSite();
  const t = LABELS[locale];
  const url = paths.article(locale, article.slug);
  const crumbs = [{ label: t.articles, url: paths.articles(locale) }];
  const inspect = useInspector();
  return (
    <article className="article-detail">
      <Seo
        title={article.title}
        description={article.excerpt}
        image={article.heroImage?.url}
        type="article"
        jsonLd={[articleJsonLd(article, url, origin, site.name), breadcrumbJsonLd([...crumbs, { label: article.title, url }], origin)]}
      />
      <Breadcrumbs crumbs={crumbs} current={article.title} label={t.breadcrumb} />
      <header className="article-header">
        <h1 {...inspect(article.id, 'title')}>{article.title}</h1>
        <p className="lede" {...inspect(article.id, 'excerpt')}>
          {article.excerpt}
        </p>
        <p className="byline">
          {article.author ? `${t.by} ${article.author.name} · ` : null}
          <time dateTime={article.publishDate}>{formatDate(article.publishDate, locale)}</time>
        </p>
      </header>
      {article.heroImage ? (
        <Inspectable entryId={article.id} fieldId="heroImage">
          <Image asset={article.heroImage} sizes="(min-width: 72rem) 70rem, 100vw" priority className="hero-image" />
        </Inspectable>
      ) : null}
      <div className="prose" {...inspect(article.id, 'body')}>
        <RichTextHtml value={article.body} loadModelRenderer={loadEmbeddedViewer} />
      </div>
      <footer className="article-footer">
        <TagList tags={article.tags} locale={locale} />
        {article.author?.bio ? (
          <aside className="author-box">
            {article.author.avatar ? <Image asset={article.author.avatar} alt="" width={64} className="avatar" /> : null}
            <p>
              <strong>{article.author.name}</strong>
              <br />
              {article.author.bio}
            </p>
          </aside>
        ) : null}
      </footer>
    </article>
  );
}
