import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ViewerToolbar } from './viewer-toolbar.tsx';

const noop = () => {};

describe('ViewerToolbar', () => {
  it('names its buttons in English on an English page', () => {
    render(<ViewerToolbar locale="en-US" onReset={noop} playback={{ isPlaying: true, onToggle: noop }} fullscreen={{ isFullscreen: false, onToggle: noop }} />);

    expect(screen.getByRole('button', { name: 'Pause animation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset view' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
  });

  it('names its buttons in German on a German page, tooltips included', () => {
    render(<ViewerToolbar locale="de-DE" onReset={noop} playback={{ isPlaying: false, onToggle: noop }} fullscreen={{ isFullscreen: true, onToggle: noop }} />);

    expect(screen.getByRole('button', { name: 'Animation abspielen' }).title).toBe('Animation abspielen');
    expect(screen.getByRole('button', { name: 'Ansicht zurücksetzen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vollbild beenden' }).title).toBe('Vollbild beenden');
  });

  it('toggles dimensions with aria-pressed, its numbers in the description, and offers the view link only when asked', () => {
    let toggles = 0;
    const props = { locale: 'en-US' as const, onReset: noop };
    const { rerender } = render(
      <>
        <p id="dims">Dimensions: width 45 cm, height 80 cm, depth 50 cm.</p>
        <ViewerToolbar {...props} dimensions={{ isShown: false, onToggle: () => void toggles++, describedBy: 'dims' }} />
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Show dimensions', description: 'Dimensions: width 45 cm, height 80 cm, depth 50 cm.' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Copy link to this view' })).toBeNull();

    fireEvent.click(toggle);
    rerender(<ViewerToolbar {...props} dimensions={{ isShown: true, onToggle: noop, describedBy: 'dims' }} share={{ getLink: () => null }} />);

    expect(toggles).toBe(1);
    expect(screen.getByRole('button', { name: 'Show dimensions' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Copy link to this view' })).toBeTruthy();
  });

  it('names the new buttons in German', () => {
    render(<ViewerToolbar locale="de-DE" onReset={noop} dimensions={{ isShown: false, onToggle: noop, describedBy: 'x' }} share={{ getLink: () => null }} />);

    expect(screen.getByRole('button', { name: 'Maße anzeigen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link zu dieser Ansicht kopieren' })).toBeTruthy();
  });
});
