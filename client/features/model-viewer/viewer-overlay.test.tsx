import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ModelViewer } from './index.ts';

import type { ViewerSource } from '#shared/content/types.ts';

import type { ViewerCanvasProps } from './viewer-canvas.tsx';

// The shell's side of the load steps, the "missing textures" note and focus after Retry; the real chunk needs WebGL.
const canvasMounts: ViewerCanvasProps[] = [];
vi.mock('./viewer-canvas.tsx', () => ({
  ViewerCanvas: (props: ViewerCanvasProps) => {
    canvasMounts.push(props);
    return (
      <div className="mv-stage">
        <div role="application" tabIndex={0} aria-label="canvas" />
      </div>
    );
  },
}));
vi.mock(import('./viewer-start.ts'), async (importOriginal) => ({ ...(await importOriginal()), getWebGLSupport: vi.fn(() => true) }));

const source: ViewerSource = { src: '/models/chair.glb', alt: 'Oak lounge chair' };
const canvas = () => canvasMounts.at(-1) as ViewerCanvasProps;
const figure = () => document.querySelector('figure') as HTMLElement;
const status = () => screen.getByRole('status');

async function startViewer(locale: 'en-US' | 'de-DE' = 'en-US') {
  render(<ModelViewer source={source} locale={locale} eager />);
  await screen.findByRole('application');
}

beforeEach(() => {
  canvasMounts.length = 0;
});

describe('the viewer overlay', () => {
  it('says what happens after the download, in the live region and on data-phase, until the first frame', async () => {
    await startViewer();

    expect(figure().dataset.phase).toBe('downloading');
    expect(status().textContent).toBe('');

    act(() => canvas().onProgress(source.src, 120, 120));
    act(() => canvas().onLoadStep?.(source.src, { phase: 'decoding' }));

    expect(figure().dataset.phase).toBe('decoding');
    expect(status().textContent).toBe('Decoding…');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Decoding…');
    expect(screen.getByRole('progressbar').classList.contains('mv-progress--indeterminate')).toBe(true);

    act(() => canvas().onLoadStep?.(source.src, { phase: 'preparing', missingImages: 0 }));

    expect(status().textContent).toBe('Preparing materials…');

    act(() => canvas().onFirstFrame(source.src));

    expect(figure().dataset.phase).toBeUndefined();
    expect(status().textContent).toBe('');
  });

  it('shows a model with missing textures with a note that can be dismissed, leaving focus on the canvas', async () => {
    await startViewer();
    act(() => canvas().onLoadStep?.(source.src, { phase: 'preparing', missingImages: 2 }));

    expect(status().textContent, 'not before the model shows').toBe('Preparing materials…');

    act(() => canvas().onFirstFrame(source.src));

    expect(status().textContent).toBe('Shown without some textures.');
    const dismiss = screen.getByRole('button', { name: 'Dismiss note' });
    dismiss.focus();
    fireEvent.click(dismiss);

    expect(status().textContent).toBe('');
    expect(document.activeElement).toBe(screen.getByRole('application'));
  });

  it('says it in German', async () => {
    await startViewer('de-DE');
    act(() => canvas().onLoadStep?.(source.src, { phase: 'decoding' }));

    expect(status().textContent).toBe('Wird dekodiert…');

    act(() => canvas().onLoadStep?.(source.src, { phase: 'preparing', missingImages: 1 }));
    act(() => canvas().onFirstFrame(source.src));

    expect(status().textContent).toBe('Ohne einige Texturen dargestellt.');
    expect(screen.getByRole('button', { name: 'Hinweis schließen' })).toBeTruthy();
  });

  it('keeps focus in the viewer after Retry, and hands it to the new canvas once the model shows', async () => {
    await startViewer();
    act(() => canvas().onLoadError(source.src, new Error('no scene')));
    const retry = screen.getByRole('button', { name: 'Retry' });
    retry.focus();

    fireEvent.click(retry);

    expect(document.activeElement).toBe(figure());
    expect(canvas().attempt).toBe(1);

    act(() => canvas().onFirstFrame(source.src));

    expect(document.activeElement).toBe(screen.getByRole('application'));
  });

  it('ignores a step of a model the viewer no longer shows', async () => {
    await startViewer();

    act(() => canvas().onLoadStep?.('/models/old.glb', { phase: 'decoding' }));

    expect(figure().dataset.phase).toBe('downloading');
  });
});
