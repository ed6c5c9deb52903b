import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Link, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ServerLink } from '#client/components/prefetch-link.tsx';

import type { ComponentProps, ReactNode } from 'react';

type LinkProps = Omit<ComponentProps<typeof Link>, 'prefetch'> & { to: string };

// The page a link sits on matters to React Router only for relative paths, which is why these resolve from a nested one.
async function renderInRouter(node: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element: node }]);
  const context = await handler.query(new Request('http://localhost/en-us/articles/some-article'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

const cases: LinkProps[] = [
  { to: '/' },
  { to: '/en-us/articles/behind-the-vitrine', className: 'card-link', children: 'Behind the Vitrine' },
  { to: '/de-de/modelle/st%C3%BChl', 'aria-current': 'page', children: 'Stühl' },
  { to: '/en-us/search?q=lamp&page=2', className: 'search-panel-footer', target: '_self' },
  { to: '/en-us/tags/oak', onClick: () => undefined, onMouseEnter: () => undefined },
  // Not plain: React Router rewrites these, so the server link must hand them to it.
  { to: '/en-us/./articles/../models/' },
  { to: '/en-us//models' },
  { to: '/en-us/models/' },
  { to: '/en-us/models?' },
  { to: '/en-us/models#top' },
  { to: 'relative/path' },
  { to: '//evil.test/x' },
  { to: 'https://example.com/a' },
  { to: '/en-us/models', replace: true, state: { from: 'x' } },
];

describe('ServerLink', () => {
  // The browser's link is React Router's with `discover="none"`: lazy route discovery is framework mode's, so
  // `data-discover` would be bytes and render work for nothing.
  it.each(cases)('renders what React Router’s Link renders for $to in the browser', async (props) => {
    const expected = await renderInRouter(<Link discover="none" {...props} />);
    expect(await renderInRouter(<ServerLink {...props} />)).toBe(expected);
    expect(expected).not.toContain('data-discover');
  });

  it('renders a plain path without the router’s hooks, and leaves anything else to Link', () => {
    expect(renderToString(<ServerLink to="/en-us/models?sort=new" className="x" />)).toBe('<a class="x" href="/en-us/models?sort=new"></a>');
    // Outside a router React Router's Link throws: proof that these go through it.
    expect(() => renderToString(<ServerLink to="/en-us/./models" />)).toThrow(/basename|<Router>/);
    expect(() => renderToString(<ServerLink to="/en-us/models" replace />)).toThrow(/basename|<Router>/);
  });
});
