import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ModelViewer, useVariantSelection, VariantPicker } from './index.ts';
import { resolveVariant } from './variant-picker.tsx';

import type { Asset, ModelVariant, ViewerSource } from '#shared/content/types.ts';

const image = (id: string): Asset => ({
  id,
  title: id,
  description: '',
  url: `/content-assets/${id}.jpg`,
  contentType: 'image/jpeg',
  fileName: `${id}.jpg`,
  size: 1,
  width: 800,
  height: 600,
});

const variants: ModelVariant[] = [
  { id: 'oak', label: 'Oak', gltfName: 'Oak', swatch: '#c8a165' },
  { id: 'walnut', label: 'Walnut', gltfName: 'Walnut', swatch: '#5a3d2b', poster: image('walnut') },
  { id: 'raw', label: 'Raw steel', swatch: 'red' },
];
const source: ViewerSource = { src: '/models/stool.glb', alt: 'Stool', poster: image('stool'), variants };

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

describe('VariantPicker', () => {
  it('server-renders a labelled radio group, the checked one from the URL, and a submit button for pages without script', () => {
    const html = parse(renderToString(<VariantPicker variants={variants} selected="walnut" locale="de-DE" onSelect={() => undefined} />));
    const radios = [...html.querySelectorAll<HTMLInputElement>('fieldset input[type=radio]')];

    expect(html.querySelector('form')?.getAttribute('method')).toBe('get');
    expect(html.querySelector('legend')?.textContent).toBe('Varianten');
    expect(radios.map((radio) => [radio.name, radio.value, radio.checked])).toEqual([
      ['variant', 'oak', false],
      ['variant', 'walnut', true],
      ['variant', 'raw', false],
    ]);
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Oak', 'Walnut', 'Raw steel']);
    expect(html.querySelector('noscript')?.innerHTML).toContain('Anzeigen');
  });

  it('shows each swatch colour as an SVG fill, and a neutral chip for a missing or malformed colour', () => {
    const html = parse(renderToString(<VariantPicker variants={variants} selected="oak" locale="en-US" onSelect={() => undefined} />));
    const chips = [...html.querySelectorAll('svg')];

    expect(chips.map((chip) => chip.querySelector('circle')?.getAttribute('fill'))).toEqual(['#c8a165', '#5a3d2b', 'none']);
    expect(chips.map((chip) => chip.classList.contains('mv-swatch__chip--neutral'))).toEqual([false, false, true]);
    expect(html.querySelector('[style]')).toBeNull();
    for (const chip of chips) expect(chip.getAttribute('aria-hidden')).toBe('true');
  });

  it('offers no choice for fewer than two variants', () => {
    expect(renderToString(<VariantPicker variants={[variants[0]!]} selected="oak" locale="en-US" onSelect={() => undefined} />)).toBe('');
    expect(renderToString(<VariantPicker variants={undefined} selected={undefined} locale="en-US" onSelect={() => undefined} />)).toBe('');
  });

  it('reports a choice by its id and never submits the form once hydrated', () => {
    const onSelect = vi.fn();
    render(<VariantPicker variants={variants} selected="oak" locale="en-US" onSelect={onSelect} />);

    fireEvent.click(screen.getByRole('radio', { name: 'Raw steel' }));
    const submitted = fireEvent.submit(screen.getByRole('group', { name: 'Variants' }).closest('form')!);

    expect(onSelect).toHaveBeenCalledExactlyOnceWith('raw');
    expect(submitted).toBe(false);
  });
});

describe('the selected variant', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is the URL’s when the model has it, else the first', () => {
    expect(resolveVariant(variants, 'walnut')).toBe('walnut');
    expect(resolveVariant(variants, 'chrome')).toBe('oak');
    expect(resolveVariant(variants, null)).toBe('oak');
    expect(resolveVariant(undefined, 'oak')).toBeUndefined();
  });

  it('writes each choice to the address, keeping other parameters and the router’s history state', () => {
    window.history.replaceState({ key: 'router-key' }, '', '/models/stool?hotspot=seat#specs');
    const { result } = renderHook(() => useVariantSelection(source, null));
    expect(result.current[0]).toBe('oak');

    act(() => result.current[1]('walnut'));

    expect(result.current[0]).toBe('walnut');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/models/stool?hotspot=seat&variant=walnut#specs');
    expect(window.history.state).toEqual({ key: 'router-key' });
  });

  it('starts again from the next model’s own URL variant after a client navigation', () => {
    const { result, rerender } = renderHook(({ model, initial }) => useVariantSelection(model, initial), {
      initialProps: { model: source, initial: 'walnut' },
    });
    act(() => result.current[1]('raw'));

    rerender({ model: { ...source, src: '/models/lamp.glb' }, initial: 'oak' });

    expect(result.current[0]).toBe('oak');
  });
});

describe('the poster of the selected variant', () => {
  it('replaces the model’s poster on the server-rendered figure, and falls back to it', () => {
    const posterOf = (variant: string) =>
      parse(renderToString(<ModelViewer source={source} variant={variant} locale="en-US" />))
        .querySelector('img')
        ?.getAttribute('src');

    expect(posterOf('walnut')).toMatch(/^\/content-assets\/walnut\.jpg\?/);
    expect(posterOf('oak')).toMatch(/^\/content-assets\/stool\.jpg\?/);
  });
});
