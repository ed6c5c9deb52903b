import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { RichTextHtml } from '#client/features/rich-text/rich-text-html.tsx';

import type { RenderModel } from '#client/features/rich-text/rich-text-html.tsx';
import type { RenderedRichText, ViewerSource } from '#shared/content/types.ts';

const source: ViewerSource = { src: '/chair.glb', alt: 'Chair' };
const slot = (inner: string) => `<div class="rt-viewer" data-viewer-source='${JSON.stringify(source)}'>${inner}</div>`;
const value = (html: string): RenderedRichText => ({ kind: 'rendered-rich-text', key: 'body', html });
const viewer: RenderModel = (s) => <p>live viewer of {s.alt}</p>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('RichTextHtml with a lazily loaded model renderer', () => {
  it('keeps the server poster until the renderer arrives, then mounts the viewer in the slot', async () => {
    const load = deferred<RenderModel>();
    render(
      <MemoryRouter>
        <RichTextHtml value={value(`<p>Intro</p>${slot('<img alt="Chair poster">')}`)} loadModelRenderer={() => load.promise} />
      </MemoryRouter>,
    );
    expect(screen.getByAltText('Chair poster')).toBeTruthy();
    expect(screen.queryByText('live viewer of Chair')).toBeNull();

    await act(async () => load.resolve(viewer));
    expect(screen.getByText('live viewer of Chair')).toBeTruthy();
    expect(screen.queryByAltText('Chair poster')).toBeNull();
  });

  it('never loads the renderer when the HTML has no model slot', () => {
    let loads = 0;
    render(
      <MemoryRouter>
        <RichTextHtml
          value={value('<p>Only text</p>')}
          loadModelRenderer={() => {
            loads += 1;
            return Promise.resolve(viewer);
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Only text')).toBeTruthy();
    expect(loads).toBe(0);
  });

  it('leaves an unavailable model (its file failed validation) as the server rendered it and loads no renderer for it', async () => {
    let loads = 0;
    const broken = { ...source, unavailable: true };
    render(
      <MemoryRouter>
        <RichTextHtml
          value={value(`<div class="rt-viewer" data-viewer-source='${JSON.stringify(broken)}'><img alt="Chair poster"><p>3D view unavailable</p></div>`)}
          loadModelRenderer={() => {
            loads += 1;
            return Promise.resolve(viewer);
          }}
        />
      </MemoryRouter>,
    );
    await act(async () => undefined);
    expect(screen.getByAltText('Chair poster')).toBeTruthy();
    expect(screen.getByText('3D view unavailable')).toBeTruthy();
    expect(loads).toBe(0);
  });

  it('leaves the poster in place when the renderer fails to load', async () => {
    const load = deferred<RenderModel>();
    render(
      <MemoryRouter>
        <RichTextHtml value={value(slot('<img alt="Chair poster">'))} loadModelRenderer={() => load.promise} />
      </MemoryRouter>,
    );
    await act(async () => load.reject(new Error('chunk failed')));
    expect(screen.getByAltText('Chair poster')).toBeTruthy();
  });
});
