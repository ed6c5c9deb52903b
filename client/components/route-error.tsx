import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';

import { usePublicConfig } from '#client/components/app-config.tsx';
import { Seo } from '#client/components/seo.tsx';
import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { LABELS } from '#client/layout/labels.ts';
import { useOptionalSite } from '#client/layout/use-site.ts';
import { localeFromPath, paths } from '#shared/urls.ts';

export function RouteError() {
  const error = useRouteError();
  // None when the layout's own loader failed (Contentful down on a cold start).
  const site = useOptionalSite();
  const { pathname } = useLocation();
  const { locales } = usePublicConfig();
  const locale = site?.locale ?? localeFromPath(pathname, locales);
  const t = LABELS[locale];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const title = notFound ? t.notFoundTitle : t.errorTitle;
  return (
    <section className="error-page" aria-labelledby="error-title">
      {site ? (
        <Seo title={title} alternates={false} noindex />
      ) : (
        <>
          <title>{`${status} · ${title}`}</title>
          <meta name="robots" content="noindex" />
        </>
      )}
      <p className="eyebrow">{status}</p>
      <h1 id="error-title">{title}</h1>
      <p>{notFound ? t.notFoundBody : t.errorBody}</p>
      <p>
        <PrefetchLink to={paths.home(locale)}>{t.home}</PrefetchLink> · <PrefetchLink to={paths.models(locale)}>{t.models}</PrefetchLink> ·{' '}
        <PrefetchLink to={paths.articles(locale)}>{t.articles}</PrefetchLink>
      </p>
    </section>
  );
}
