import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { RichTextHtml } from '#client/features/rich-text/rich-text-html.tsx';

const html = [
  '<p><a href="/models">models</a> <a href="?q=oak">search here</a> <a href="#team">team</a>',
  `<a href="${window.location.origin}/about">about, absolute</a>`,
  '<a href="https://example.com/" rel="noopener noreferrer">elsewhere</a>',
  `<a href="${window.location.origin}//evil.example/x">double slash</a>`,
  '<a href="/files/sheet.pdf" download>sheet</a> <a href="/models" target="_blank">new tab</a></p>',
  '<a href="/about#%C3%BCber-uns">about us</a> <a href="/about#main">main</a><h2 id="über-uns">Über uns</h2>',
].join(' ');

function Where() {
  const location = useLocation();
  return <output>{location.pathname + location.search + location.hash}</output>;
}

function renderAt(path: string) {
  const element = (
    <>
      <main id="main" />
      <RichTextHtml value={{ kind: 'rendered-rich-text', key: 'body', html }} />
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  // jsdom's location stays put while the memory router moves: keep them equal, as the browser router does.
  window.history.replaceState(null, '', path);
  return router;
}

const where = () => screen.getByRole('status').textContent;

/** Whether the browser would follow the link itself, i.e. the router did not take the click (jsdom cannot load documents: stop it after we looked). */
function click(name: string, init: MouseEventInit = {}): boolean {
  let followed = false;
  const look = (event: Event) => {
    followed = !event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', look, { once: true });
  fireEvent.click(screen.getByRole('link', { name }), { button: 0, ...init });
  return followed;
}

describe('RichTextHtml links', () => {
  it('routes same-origin links through the router: paths, queries and absolute URLs on this origin', async () => {
    renderAt('/articles/oak');

    expect(click('models')).toBe(false);
    await screen.findByText('/models');
    expect(click('search here')).toBe(false);
    await screen.findByText('/articles/oak?q=oak');
    expect(click('about, absolute')).toBe(false);
    await screen.findByText('/about');
  });

  it('leaves modifier clicks, other buttons, downloads, new windows and other origins to the browser', () => {
    renderAt('/articles/oak');

    for (const init of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) expect(click('models', init)).toBe(true);
    expect(click('sheet')).toBe(true);
    expect(click('new tab')).toBe(true);
    expect(click('elsewhere')).toBe(true);
    expect(click('double slash')).toBe(true);
    expect(where()).toBe('/articles/oak');
  });

  it('leaves a fragment of this page to the browser, which scrolls to it', () => {
    renderAt('/about');

    expect(click('team')).toBe(true);
    expect(where()).toBe('/about');
  });
});
