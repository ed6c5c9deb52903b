import { useLoaderData } from 'react-router';

import { CardGrid } from '#client/components/cards.tsx';
import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { Seo } from '#client/components/seo.tsx';
import { LABELS } from '#client/layout/labels.ts';
import { useSite } from '#client/layout/use-site.ts';
import { paths } from '#shared/urls.ts';

import type { ModelsData } from '#client/pages/models/models.server.ts';
import type { CategoryNode } from '#shared/data/content-api.ts';
import type { Locale } from '#shared/content/types.ts';

function CategoryFilter({ nodes, active, locale, depth = 0 }: { nodes: CategoryNode[]; active: string | null; locale: Locale; depth?: number }) {
  return (
    <ul className={depth === 0 ? 'category-filter' : 'category-children'}>
      {nodes.map((node) => (
        <li key={node.id}>
          <PrefetchLink to={paths.models(locale, node.id)} aria-current={active === node.id ? 'page' : undefined} prefetch="intent">
            {node.label} <span className="count">{node.modelCount}</span>
          </PrefetchLink>
          {node.children.length > 0 ? <CategoryFilter nodes={node.children} active={active} locale={locale} depth={depth + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

export function Component() {
  const { models, categories, category } = useLoaderData() as ModelsData;
  const { locale } = useSite();
  const t = LABELS[locale];
  const activeLabel = flatten(categories).find((node) => node.id === category)?.label;
  const title = activeLabel ? `${t.models}: ${activeLabel}` : t.models;
  return (
    <>
      <Seo title={title} />
      <h1>{title}</h1>
      <div className="with-sidebar">
        <nav aria-label={t.categories} className="sidebar">
          <h2 className="sidebar-title">{t.categories}</h2>
          <ul className="category-filter">
            <li>
              <PrefetchLink to={paths.models(locale)} aria-current={category ? undefined : 'page'} prefetch="intent">
                {t.allCategories}
              </PrefetchLink>
            </li>
          </ul>
          <CategoryFilter nodes={categories} active={category} locale={locale} />
        </nav>
        <CardGrid models={models} locale={locale} priority />
      </div>
    </>
  );
}
