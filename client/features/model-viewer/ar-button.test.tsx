import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ArButton } from './ar-button.tsx';

import type { ViewerSource } from '#shared/content/types.ts';

import type { WebXrOptions } from './ar/ar-webxr.ts';

// The WebXR chunk needs a real XR device; what the shell hands it is what is tested here.
const runs: { session: unknown; overlay: HTMLElement; options: WebXrOptions }[] = [];
vi.mock('./ar/ar-webxr.ts', () => ({
  runWebXr: (session: unknown, overlay: HTMLElement, options: WebXrOptions) => {
    runs.push({ session, overlay, options });
    return Promise.resolve();
  },
}));

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const source: ViewerSource = { src: '/content-assets/a1/chair.glb', alt: 'Oak lounge chair' };

/** A navigator.xr whose immersive-ar support and session outcome the test controls. */
function stubXr(supported: boolean) {
  const requests: { mode: string; init: XRSessionInit }[] = [];
  let settle: { resolve: (session: object) => void; reject: (error: Error) => void } = { resolve() {}, reject() {} };
  const xr = {
    isSessionSupported: (mode: string) => Promise.resolve(supported && mode === 'immersive-ar'),
    requestSession(mode: string, init: XRSessionInit) {
      requests.push({ mode, init });
      return new Promise((resolve, reject) => (settle = { resolve, reject }));
    },
  };
  Object.defineProperty(navigator, 'xr', { value: xr, configurable: true });
  return { requests, settle: () => settle };
}

async function renderButton(variant?: string) {
  const messages: (string | null)[] = [];
  render(<ArButton source={source} locale="en-US" variant={variant} onMessage={(message) => messages.push(message)} />);
  await act(async () => {});
  return messages;
}

beforeEach(() => {
  runs.length = 0;
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'xr');
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('ArButton', () => {
  it('renders nothing where no AR route is detected (a desktop)', async () => {
    stubXr(false);
    await renderButton();

    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for an immersive-ar session with hit-test inside the press, then hands it to the WebXR chunk', async () => {
    const xr = stubXr(true);
    const messages = await renderButton('sand');
    const button = screen.getByRole('button', { name: 'View in your space' });

    fireEvent.click(button);

    // Synchronously, within the user's activation.
    expect(xr.requests).toHaveLength(1);
    expect(xr.requests[0]?.mode).toBe('immersive-ar');
    expect(xr.requests[0]?.init).toMatchObject({ requiredFeatures: ['hit-test'], optionalFeatures: ['dom-overlay'] });
    const overlay = xr.requests[0]?.init.domOverlay?.root;
    expect(overlay?.className).toBe('mv-ar-overlay');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.textContent).toBe('Preparing AR…');

    fireEvent.click(button);
    expect(xr.requests).toHaveLength(1);

    const session = { end: () => Promise.resolve() };
    await act(async () => xr.settle().resolve(session));
    await vi.waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());

    expect(runs).toEqual([{ session, overlay, options: expect.objectContaining({ source, variant: 'sand', locale: 'en-US' }) }]);
    expect(messages).toEqual([null]);
    expect(document.activeElement).toBe(button);
  });

  it('says so in the message area when no session starts, and can be pressed again', async () => {
    const xr = stubXr(true);
    const messages = await renderButton();
    const button = screen.getByRole('button', { name: 'View in your space' });

    fireEvent.click(button);
    await act(async () => xr.settle().reject(new DOMException('hit-test is not supported', 'NotSupportedError')));
    await vi.waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());

    expect(messages).toEqual([null, 'Augmented reality could not start on this device.']);
    expect(runs).toEqual([]);
    fireEvent.click(button);
    expect(xr.requests).toHaveLength(2);
  });

  it('falls back to Scene Viewer on Android when the session is refused, and reports a missing ARCore from the fallback URL', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    const opened: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.href);
    });
    const xr = stubXr(true);
    const messages = await renderButton();
    const button = screen.getByRole('button', { name: 'View in your space' });

    fireEvent.click(button);
    await act(async () => xr.settle().reject(new DOMException('denied', 'NotAllowedError')));
    await vi.waitFor(() => expect(opened).toHaveLength(1));

    expect(opened[0]).toMatch(/^intent:\/\/arvr\.google\.com\/scene-viewer\/1\.2\?file=http%3A%2F%2F[^&]+%2Fcontent-assets%2Fa1%2Fchair\.glb&/);
    // Chrome's fallback when no app takes the intent: back to this page with the marker fragment.
    await act(async () => {
      window.location.hash = 'vitrine-no-ar';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await vi.waitFor(() => expect(messages).toEqual([null, 'Augmented reality could not start on this device.']));
    expect(window.location.hash).toBe('');
  });
});
