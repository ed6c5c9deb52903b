import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { buildViewLink, ShareButton } from './share.tsx';
import { readViewState } from './view-state.ts';

const CAMERA = { x: 0, y: 0.5 + 3 * Math.cos((60 * Math.PI) / 180), z: 3 * Math.sin((60 * Math.PI) / 180) };
const TARGET = { x: 0, y: 0.5, z: 0 };

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined): void {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: writeText ? { writeText } : undefined });
}

afterEach(() => setClipboard(undefined));

describe('buildViewLink', () => {
  it("adds the camera's orbit and keeps the page's variant, hotspot, other parameters and hash", () => {
    const href = 'https://shop.test/models/ostra?variant=moss&hotspot=seat&view=1,2,3&page=2#specs';

    const link = new URL(buildViewLink({ href, search: new URL(href).search }, CAMERA, TARGET));

    expect(readViewState(link.search)).toEqual({ variant: 'moss', hotspot: 'seat', orbit: { azimuthDeg: 0, polarDeg: 60, distance: 3 } });
    expect(link.searchParams.get('page')).toBe('2');
    expect(link.hash).toBe('#specs');
  });
});

describe('ShareButton', () => {
  it('copies the link and says so politely, in German on a German page', async () => {
    const copied: string[] = [];
    setClipboard(async (text) => void copied.push(text));
    render(<ShareButton locale="de-DE" getLink={() => 'https://shop.test/de/models/ostra?view=0,60,3'} icon={null} />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link zu dieser Ansicht kopieren' })));

    expect(copied).toEqual(['https://shop.test/de/models/ostra?view=0,60,3']);
    expect(screen.getByRole('status').textContent).toBe('Link kopiert');
  });

  it('offers the link selected in a field where the clipboard refuses, and Escape returns to the button', async () => {
    setClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    render(<ShareButton locale="en-US" getLink={() => 'https://shop.test/models/ostra?view=0,60,3'} icon={null} />);
    const button = screen.getByRole('button', { name: 'Copy link to this view' });

    await act(async () => fireEvent.click(button));

    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Copy this link' });
    expect(field.value).toBe('https://shop.test/models/ostra?view=0,60,3');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
    expect(screen.getByRole('status').textContent).toBe('');

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('falls back to the field where there is no Clipboard API (an insecure origin)', async () => {
    render(<ShareButton locale="en-US" getLink={() => 'https://shop.test/models/a'} icon={null} />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link to this view' })));

    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Copy this link' }).value).toBe('https://shop.test/models/a');
  });
});
