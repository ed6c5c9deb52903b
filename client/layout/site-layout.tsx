import { Suspense } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';

import { usePublicConfig } from '#client/components/app-config.tsx';
import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { RouteAnnouncer } from '#client/layout/route-announcer.tsx';
import { useSite } from '#client/layout/use-site.ts';
import { LivePreview } from '#client/features/live-preview/inspector.ts';
import { RichTextHtml } from '#client/features/rich-text/index.ts';
import { HeaderSearch } from '#client/features/search/index.ts';
import { LABELS } from '#client/layout/labels.ts';
import { paths, switchLocalePath } from '#shared/urls.ts';

const LOCALE_NAMES = { 'en-US': 'English', 'de-DE': 'Deutsch' } as const;

/** Routes with `handle.bare` get no header, footer or announcer. */
export function SiteLayout() {
  const { site, locale, preview } = useSite();
  const { pathname, search } = useLocation();
  const bare = useMatches().some((m) => (m.handle as { bare?: boolean } | undefined)?.bare);
  const { locales } = usePublicConfig();
  const t = LABELS[locale];
  const livePreview = preview ? (
    <Suspense>
      <LivePreview />
    </Suspense>
  ) : null;
  if (bare)
    return (
      <>
        {livePreview}
        <Outlet />
      </>
    );
  return (
    <>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      {livePreview}
      {preview ? (
        <div className="preview-banner" role="status">
          {t.previewBanner} <a href="/api/preview/exit">{t.exitPreview}</a>
        </div>
      ) : null}
      <header className="site-header">
        <PrefetchLink to={paths.home(locale)} className="brand">
          {site.name}
        </PrefetchLink>
        <nav aria-label={t.mainNavigation} className="site-nav">
          <ul>
            {site.navigation.map((link) => (
              <li key={link.url}>
                <PrefetchLink to={link.url} aria-current={pathname === link.url ? 'page' : undefined}>
                  {link.label}
                </PrefetchLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-tools" id="header-search">
          <HeaderSearch locale={locale} />
        </div>
        {locales.length > 1 ? (
          <nav aria-label={t.language} className="locale-switch">
            {locales.map((l) => (
              <PrefetchLink
                key={l}
                to={switchLocalePath(pathname, l) + search}
                hrefLang={l}
                lang={l}
                aria-current={l === locale ? 'true' : undefined}
                prefetch="intent"
              >
                {LOCALE_NAMES[l]}
              </PrefetchLink>
            ))}
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <RichTextHtml value={site.footer} />
      </footer>
      <RouteAnnouncer />
    </>
  );
}
