import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ModelViewer } from './index.ts';

import type { ViewerSource } from '#shared/content/types.ts';

const canvasMounts: unknown[] = [];
vi.mock('./viewer-canvas.tsx', () => ({
  ViewerCanvas: () => {
    canvasMounts.push(1);
    return <div data-testid="viewer-canvas" />;
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

const broken: ViewerSource = { src: '/models/chair.gltf', alt: 'Oak lounge chair', unavailable: true };

beforeEach(() => {
  canvasMounts.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

describe('ModelViewer for a file validation found broken', () => {
  it.each([
    ['en-US', '3D view unavailable'],
    ['de-DE', '3D-Ansicht nicht verfügbar'],
  ] as const)('keeps the poster with a note in %s and never starts the viewer, even when eager and in view', async (locale, note) => {
    render(<ModelViewer source={broken} locale={locale} eager />);
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
