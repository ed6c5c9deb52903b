import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HotspotList, useHotspotControl } from './hotspot-list.tsx';

import type { Hotspot } from '#shared/content/types.ts';

const at = { x: 0, y: 0, z: 0 };
const hotspots: Hotspot[] = [
  { id: 'hinge', label: 'Hinge', position: at, normal: { x: 0, y: 0, z: 1 } },
  { id: 'switch', label: 'Switch', position: at, normal: { x: 1, y: 0, z: 0 } },
];
const renderNote = (id: string) => <p>Note of {id}</p>;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('HotspotList', () => {
  it('server-renders every note in a numbered list of disclosures, none open', () => {
    const control = { openId: null, onOpenChange: vi.fn() };
    const html = renderToString(<HotspotList hotspots={hotspots} control={control} locale="de-DE" renderNote={renderNote} />);

    expect(html).toContain('<h2');
    expect(html).toContain('Besonderheiten');
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toMatch(/<details><summary>Hinge<\/summary><div id="mv-note-hinge"[^>]*><p>Note of <!-- -->hinge<\/p>/);
    expect(html).not.toContain('open=""');
  });

  it('renders nothing for a model without hotspots', () => {
    const { container } = render(<HotspotList hotspots={[]} control={{ openId: null, onOpenChange: vi.fn() }} locale="en-US" renderNote={renderNote} />);

    expect(container.innerHTML).toBe('');
  });

  it("opens the control's hotspot and reports the visitor's toggles, not its own", () => {
    const onOpenChange = vi.fn();
    const { container, rerender } = render(<HotspotList hotspots={hotspots} control={{ openId: null, onOpenChange }} locale="en-US" renderNote={renderNote} />);
    const [first, second] = container.querySelectorAll('details');

    second!.open = true;
    fireEvent(second!, new Event('toggle'));
    expect(onOpenChange).toHaveBeenLastCalledWith('switch');

    rerender(<HotspotList hotspots={hotspots} control={{ openId: 'switch', onOpenChange }} locale="en-US" renderNote={renderNote} />);
    expect(second!.open).toBe(true);
    fireEvent(second!, new Event('toggle'));
    expect(onOpenChange).toHaveBeenCalledTimes(1);

    second!.open = false;
    fireEvent(second!, new Event('toggle'));
    expect(onOpenChange).toHaveBeenLastCalledWith(null);
    expect(first!.open).toBe(false);
  });
});

describe('useHotspotControl', () => {
  it("opens a linked hotspot of this model, keeps the visitor's choice in the address, and hands the note's HTML over without ids", () => {
    window.history.replaceState(null, '', '/models/lamp?hotspot=switch&utm=x');
    const { result } = renderHook(() => useHotspotControl(hotspots, false));
    expect(result.current.openId).toBe('switch');

    act(() => result.current.onOpenChange('hinge'));
    expect(result.current.openId).toBe('hinge');
    expect(window.location.search).toBe('?hotspot=hinge&utm=x');
    act(() => result.current.onOpenChange(null));
    expect(window.location.search).toBe('?utm=x');

    document.body.innerHTML = '<div id="mv-note-hinge"><div id="rt-x"><p>Turns <a href="/a">easily</a></p></div></div><div id="mv-note-switch"> </div>';
    expect(result.current.getNoteHtml?.('hinge')).toBe('<div><p>Turns <a href="/a">easily</a></p></div>');
    expect(result.current.getNoteHtml?.('switch')).toBeNull();
    expect(result.current.getNoteHtml?.('missing')).toBeNull();
  });

  it("forgets the visitor's choice when the page shows another model's hotspots", () => {
    window.history.replaceState(null, '', '/models/lamp');
    const { result, rerender } = renderHook(({ list }) => useHotspotControl(list, false), { initialProps: { list: hotspots } });
    act(() => result.current.onOpenChange('hinge'));
    expect(result.current.openId).toBe('hinge');

    window.history.replaceState(null, '', '/models/table?hotspot=top');
    rerender({ list: [{ ...hotspots[0]!, id: 'top' }] });
    expect(result.current.openId).toBe('top');
  });

  it('ignores a linked id the model does not have', () => {
    window.history.replaceState(null, '', '/models/lamp?hotspot=elsewhere');

    expect(renderHook(() => useHotspotControl(hotspots, true)).result.current).toMatchObject({ openId: null, picker: true });
  });
});

describe('HotspotList with the control', () => {
  it('opens the linked hotspot after hydration, not in the server HTML', () => {
    window.history.replaceState(null, '', '/models/lamp?hotspot=hinge');
    function Page() {
      const control = useHotspotControl(hotspots, false);
      return <HotspotList hotspots={hotspots} control={control} locale="en-US" renderNote={renderNote} />;
    }

    expect(renderToString(<Page />)).not.toContain('open=""');
    render(<Page />);
    expect(screen.getByText('Hinge').closest('details')?.open).toBe(true);
  });
});
