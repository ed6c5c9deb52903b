import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from 'react-router';

import { ServerHead, usePublicConfig } from '#client/components/app-config.tsx';
import { InsightsTags } from '#client/features/insights/index.ts';
import { useScrollOnNavigate } from '#client/layout/scroll-on-navigate.ts';
import { localeFromPath } from '#shared/urls.ts';

import '#client/styles/global.css';
import '#client/styles/pages.css';

import type { ReactNode } from 'react';

function Document({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const lang = localeFromPath(pathname, usePublicConfig().locales).slice(0, 2);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f6f5f2" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <InsightsTags />
        {/* Last: it is server-only, and hydration passes over a trailing extra node in <head>, not an earlier one. */}
        <ServerHead />
      </head>
      <body>{children}</body>
    </html>
  );
}

export function Root() {
  useScrollOnNavigate();
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

export function RootErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Document>
      <main id="main" className="error-page">
        <title>{`${status} · Vitrine`}</title>
        <h1>{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
        <p>{status === 404 ? 'We could not find that page.' : 'Please try again in a moment.'}</p>
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </main>
    </Document>
  );
}
