// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { createRichTextHtml } from '#client/features/rich-text/server.tsx';
import { doc, hyperlink, node, p, richText, text } from '../../../tests/fixtures/rich-text.ts';

const origin = 'https://vitrine.example';
const renderer = () => createRichTextHtml(() => null);
const links = (...uris: string[]) => richText(doc(p(...uris.map((uri, i) => hyperlink(uri, `link ${i}`)))));

describe('createRichTextHtml links', () => {
  it('renders links into the site as relative anchors without rel, and links elsewhere as before', () => {
    const { html } = renderer().render(
      links('/models', '/de/about#team', '?q=oak', '#materials', `${origin}/articles/oak?x=1`, '//evil.example/a', 'https://example.com/', 'mailto:a@b.c'),
      'en-US',
      'body',
      origin,
    );

    expect(html).toBe(
      '<p>' +
        '<a href="/models">link 0</a><a href="/de/about#team">link 1</a><a href="?q=oak">link 2</a><a href="#materials">link 3</a>' +
        '<a href="/articles/oak?x=1">link 4</a>' +
        '<a href="https://evil.example/a" rel="noopener noreferrer">link 5</a><a href="https://example.com/" rel="noopener noreferrer">link 6</a>' +
        '<a href="mailto:a@b.c">link 7</a>' +
        '</p>',
    );
  });

  it('renders refused targets as plain text', () => {
    const { html } = renderer().render(
      links('../models', 'models', 'javascript:alert(1)', '/\\evil.example', 'java\tscript:alert(1)'),
      'en-US',
      'body',
      origin,
    );

    expect(html).toBe('<p>link 0link 1link 2link 3link 4</p>');
  });

  it('caches the HTML per origin, since links to it come out relative', () => {
    const html = renderer();
    const value = links(`${origin}/about`);

    expect(html.render(value, 'en-US', 'body', origin).html).toContain('href="/about"');
    expect(html.render(value, 'en-US', 'body', 'http://127.0.0.1:3000').html).toContain(`href="${origin}/about"`);
    expect(html.render(value, 'en-US', 'body').html).toContain(`href="${origin}/about"`);
  });

  it('gives headings ids from their text, unique in the document and apart from the app ids', () => {
    const h = (level: number, value: string) => node(`heading-${level}`, [text(value)]);
    const value = richText(doc(h(2, 'Team'), h(3, 'Team'), h(2, 'Main'), h(4, '<"Tom & Jerry">'), h(5, '!!!'), h(6, 'Über uns')));

    expect(renderer().render(value, 'en-US', 'body', origin).html).toBe(
      '<h2 id="team">Team</h2><h3 id="team-2">Team</h3><h2 id="main-2">Main</h2>' +
        '<h4 id="tom-jerry">&lt;&quot;Tom &amp; Jerry&quot;&gt;</h4><h5>!!!</h5><h6 id="über-uns">Über uns</h6>',
    );
  });
});
