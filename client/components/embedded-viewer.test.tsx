import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { loadEmbeddedViewer } from '#client/components/embedded-viewer.tsx';
import { RichTextHtml } from '#client/features/rich-text/index.ts';

import type { Locale, RenderedRichText, ViewerSource } from '#shared/content/types.ts';

const source: ViewerSource = { src: '/models/chair.glb', alt: 'Oak lounge chair' };
const body: RenderedRichText = {
  kind: 'rendered-rich-text',
  key: 'body',
  html: `<p>Intro</p><div class="rt-viewer" data-viewer-source='${JSON.stringify(source)}'></div>`,
};

/** An article body below a locale layout route, as on the site. */
function renderArticle(locale: Locale) {
  const path = locale === 'de-DE' ? '/de' : '/';
  const router = createMemoryRouter(
    [
      {
        id: 'layout',
        path,
        handle: { layout: true },
        loader: () => ({ locale }),
        children: [{ index: true, Component: () => <RichTextHtml value={body} loadModelRenderer={loadEmbeddedViewer} /> }],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { layout: { locale } } } },
  );
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  // A phone: the viewer waits for its start button, so no WebGL is needed.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('hover: none'), addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadEmbeddedViewer', () => {
  it('mounts viewers that speak the page locale, with one renderer for every page', async () => {
    const german = renderArticle('de-DE');

    expect(await screen.findByRole('button', { name: 'In 3D ansehen' })).toBeTruthy();

    german.unmount();
    renderArticle('en-US');

    expect(await screen.findByRole('button', { name: 'View in 3D' })).toBeTruthy();
  });
});
