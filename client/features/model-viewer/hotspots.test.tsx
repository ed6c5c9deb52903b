import { createRef, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { HotspotLayer } from './hotspots.tsx';

import type { Hotspot } from '#shared/content/types.ts';

const at = { x: 0, y: 0, z: 0 };
const hotspots: Hotspot[] = [
  { id: 'hinge', label: 'Hinge', position: at, normal: { x: 0, y: 0, z: 1 } },
  { id: 'switch', label: 'Switch', position: at, normal: { x: 1, y: 0, z: 0 } },
];
const notes: Record<string, string> = { hinge: '<p>Turns <a href="/joints">easily</a>.</p>' };

function Layer({ initial = null }: { initial?: string | null }) {
  const [openId, setOpenId] = useState<string | null>(initial);
  return (
    <HotspotLayer hotspots={hotspots} openId={openId} onOpenChange={setOpenId} getNoteHtml={(id) => notes[id] ?? null} locale="en-US" layerRef={createRef()} />
  );
}

describe('HotspotLayer', () => {
  it('renders one named button per hotspot in list order, numbered like the list, each controlling its closed note', () => {
    render(<Layer />);
    const buttons = screen.getAllByRole('button');

    expect(buttons.map((button) => button.textContent)).toEqual(['1Hinge', '2Switch']);
    expect(screen.getByRole('group', { name: 'Highlights' })).toBeTruthy();
    for (const button of buttons) {
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(document.getElementById(button.getAttribute('aria-controls') ?? '')?.hidden).toBe(true);
    }
  });

  it('opens a note with its label and HTML on press, announces it politely, and toggles closed on a second press', () => {
    render(<Layer />);
    const hinge = screen.getByRole('button', { name: 'Hinge' });

    fireEvent.click(hinge);
    const note = document.getElementById(hinge.getAttribute('aria-controls') ?? '')!;
    expect(hinge.getAttribute('aria-expanded')).toBe('true');
    expect(note.hidden).toBe(false);
    expect(note.querySelector('a')?.getAttribute('href')).toBe('/joints');
    expect(screen.getByRole('status').textContent).toBe('Hinge. Turns easily.');

    fireEvent.click(hinge);
    expect(hinge.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a label-only note when the hotspot has no note', () => {
    render(<Layer initial="switch" />);

    expect(screen.getByRole('status').textContent).toBe('Switch');
    expect(document.querySelector('.mv-hotspot__text')).toBeNull();
  });

  it('closes on Escape from inside the note, with focus back on its button', () => {
    render(<Layer initial="hinge" />);
    const link = screen.getByRole('link', { name: 'easily' });
    link.focus();

    fireEvent.keyDown(link, { key: 'Escape' });
    const hinge = screen.getByRole('button', { name: 'Hinge' });
    expect(hinge.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(hinge);
  });
});
