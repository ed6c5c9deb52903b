import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ModelViewer, VIEWER_FRAME_EVENT } from './index.ts';
import { getWebGLSupport } from './viewer-start.ts';

import type { ViewerSource } from '#shared/content/types.ts';

import type { ViewerCanvasProps } from './viewer-canvas.tsx';

// The real chunk needs WebGL; the shell's contract with it is what is tested here.
const canvasMounts: ViewerCanvasProps[] = [];
const canvasCrash: { error: Error | null } = { error: null };
vi.mock('./viewer-canvas.tsx', () => ({
  ViewerCanvas: (props: ViewerCanvasProps) => {
    if (canvasCrash.error) throw canvasCrash.error;
    canvasMounts.push(props);
    return <div data-testid="viewer-canvas" data-attempt={props.attempt} />;
  },
}));
vi.mock(import('./viewer-start.ts'), async (importOriginal) => ({ ...(await importOriginal()), getWebGLSupport: vi.fn(() => true) }));

let intersect: (isIntersecting: boolean) => void = () => {};
class FakeIntersectionObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    intersect = (isIntersecting) => callback([{ isIntersecting }]);
  }
  observe() {}
  disconnect() {}
}

const source: ViewerSource = { src: '/models/chair.glb', alt: 'Oak lounge chair' };
const latestCanvas = () => canvasMounts.at(-1) as ViewerCanvasProps;
const figure = () => document.querySelector('figure') as HTMLElement;

/** A phone or tablet: the touch-first media query matches. */
function stubTouchFirst(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('hover: none'),
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  canvasMounts.length = 0;
  canvasCrash.error = null;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.mocked(getWebGLSupport).mockReturnValue(true);
});

describe('ModelViewer', () => {
  it('waits for the viewport before loading the 3D chunk', async () => {
    render(<ModelViewer source={source} locale="en-US" />);

    expect(figure().dataset.state).toBe('idle');
    expect(screen.queryByTestId('viewer-canvas')).toBeNull();

    act(() => intersect(true));

    expect(await screen.findByTestId('viewer-canvas')).toBeTruthy();
    expect(figure().dataset.state).toBe('loading');
  });

  it('on a touch-first device waits for "View in 3D", even when eager, then starts and lets later viewers start by themselves', async () => {
    stubTouchFirst();
    const first = render(<ModelViewer source={source} locale="en-US" eager />);
    act(() => intersect(true));
    const start = await screen.findByRole('button', { name: 'View in 3D' });
    const mountedBeforePress = screen.queryByTestId('viewer-canvas');

    fireEvent.click(start);

    expect(mountedBeforePress).toBeNull();
    expect(await screen.findByTestId('viewer-canvas')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View in 3D' })).toBeNull();
    first.unmount();

    render(<ModelViewer source={{ ...source, src: '/models/table.glb' }} locale="en-US" eager />);
    expect(await screen.findByTestId('viewer-canvas')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View in 3D' })).toBeNull();
  });

  it('waits for the button when the visitor asked to save data', async () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    render(<ModelViewer source={source} locale="en-US" eager />);

    expect(await screen.findByRole('button', { name: 'View in 3D' })).toBeTruthy();
    expect(figure().dataset.state).toBe('idle');
    expect(screen.queryByTestId('viewer-canvas')).toBeNull();
  });

  it('loads right away when eager', async () => {
    render(<ModelViewer source={source} locale="en-US" eager />);

    expect(await screen.findByTestId('viewer-canvas')).toBeTruthy();
  });

  it('shows the poster with a message when WebGL is missing', () => {
    vi.mocked(getWebGLSupport).mockReturnValue(false);

    render(<ModelViewer source={source} locale="en-US" eager />);

    expect(figure().dataset.state).toBe('no-webgl');
    expect(screen.getByRole('status').textContent).toContain('3D preview needs WebGL');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Oak lounge chair' })).toBeTruthy();
  });

  it('shows progress, then fades the poster and fires the frame event', async () => {
    render(<ModelViewer source={source} locale="en-US" eager />);
    await screen.findByTestId('viewer-canvas');
    const onFrame = vi.fn();
    figure().addEventListener(VIEWER_FRAME_EVENT, onFrame);

    act(() => latestCanvas().onProgress(source.src, 30, 120));

    expect(figure().dataset.progress).toBe('0.25');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');

    act(() => latestCanvas().onFirstFrame(source.src));

    expect(figure().dataset.state).toBe('ready');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('img', { hidden: true }).classList.contains('mv-poster--hidden')).toBe(true);
    expect(onFrame).toHaveBeenCalledOnce();
    expect(onFrame.mock.calls[0]?.[0].detail).toEqual({ src: source.src });
  });

  it('shows an error over the poster and retries with a fresh 3D tree', async () => {
    render(<ModelViewer source={source} locale="en-US" eager />);
    await screen.findByTestId('viewer-canvas');

    act(() => latestCanvas().onLoadError(source.src, new Error('truncated')));

    expect(figure().dataset.state).toBe('error');
    expect(screen.getByRole('status').textContent).toContain('could not be loaded');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(figure().dataset.state).toBe('loading');
    expect((await screen.findByTestId('viewer-canvas')).dataset.attempt).toBe('1');
  });

  it('keeps the page alive and offers Retry when the 3D tree throws', async () => {
    // React reports errors caught by a boundary on console.error.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    canvasCrash.error = new Error('renderer exploded');

    render(<ModelViewer source={source} locale="en-US" eager />);
    await act(async () => {
      await vi.dynamicImportSettled();
    });

    expect(figure().dataset.state).toBe('error');
    expect(screen.getByRole('status').textContent).toContain('stopped working');
    expect(screen.getByRole('img', { name: 'Oak lounge chair' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();

    canvasCrash.error = null;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByTestId('viewer-canvas')).toBeTruthy();
  });

  it('falls back to the no-WebGL message when the renderer cannot get a context', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    canvasCrash.error = new Error('Error creating WebGL context.');

    render(<ModelViewer source={source} locale="en-US" eager />);
    await act(async () => {
      await vi.dynamicImportSettled();
    });

    expect(figure().dataset.state).toBe('no-webgl');
  });

  it('offers Retry when a lost context does not come back', async () => {
    vi.useFakeTimers();
    try {
      render(<ModelViewer source={source} locale="en-US" eager />);
      await act(async () => {
        await vi.dynamicImportSettled();
      });
      act(() => latestCanvas().onFirstFrame(source.src));

      act(() => latestCanvas().onContextLost());

      expect(screen.getByRole('status').textContent).toContain('Restoring');

      act(() => {
        vi.advanceTimersByTime(4000);
      });

      expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the new poster and reloads when the source changes', async () => {
    const { rerender } = render(<ModelViewer source={source} locale="en-US" eager />);
    await screen.findByTestId('viewer-canvas');
    act(() => latestCanvas().onFirstFrame(source.src));

    rerender(<ModelViewer source={{ src: '/models/lamp.glb', alt: 'Desk lamp' }} locale="en-US" eager />);

    expect(figure().dataset.state).toBe('loading');
    expect(screen.getByRole('img', { name: 'Desk lamp' })).toBeTruthy();
    expect(latestCanvas().source.src).toBe('/models/lamp.glb');
  });
});

describe('ModelViewer on a German page', () => {
  it('offers "In 3D ansehen", then names the progress and hands the locale to the 3D chunk', async () => {
    stubTouchFirst();
    render(<ModelViewer source={source} locale="de-DE" eager />);

    fireEvent.click(await screen.findByRole('button', { name: 'In 3D ansehen' }));
    await screen.findByTestId('viewer-canvas');

    expect(screen.getByRole('progressbar', { name: '3D-Modell wird geladen' })).toBeTruthy();
    expect(latestCanvas().locale).toBe('de-DE');
  });

  it('explains a failed load in German and offers "Erneut versuchen"', async () => {
    render(<ModelViewer source={source} locale="de-DE" eager />);
    await screen.findByTestId('viewer-canvas');

    act(() => latestCanvas().onLoadError(source.src, new Error('truncated')));

    expect(screen.getByRole('status').textContent).toContain('Das 3D-Modell konnte nicht geladen werden.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('explains missing WebGL in German', () => {
    vi.mocked(getWebGLSupport).mockReturnValue(false);

    render(<ModelViewer source={source} locale="de-DE" eager />);

    expect(screen.getByRole('status').textContent).toBe('Die 3D-Vorschau benötigt WebGL, das dieser Browser oder dieses Gerät nicht unterstützt.');
  });
});

describe('ModelViewer for a file validation found broken', () => {
  it.each([
    ['en-US', '3D view unavailable'],
    ['de-DE', '3D-Ansicht nicht verfügbar'],
  ] as const)('keeps the poster with a note in %s and never starts the viewer, even when eager and in view', async (locale, note) => {
    render(<ModelViewer source={{ ...source, unavailable: true }} locale={locale} eager />);
    act(() => intersect(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    expect(screen.getByText(note)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Oak lounge chair' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('viewer-canvas')).toBeNull();
    expect(canvasMounts).toHaveLength(0);
    expect(document.querySelector('figure')?.dataset.state).toBe('idle');
  });
});
