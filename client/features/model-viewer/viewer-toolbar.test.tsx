import { render, screen } from '@testing-library/react';
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
});
