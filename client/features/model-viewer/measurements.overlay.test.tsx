import { useEffect } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useDimensions } from './measurements.tsx';
import { ViewerToolbar } from './viewer-toolbar.tsx';

import type { Dimensions, Locale } from '#shared/content/types.ts';

import type { ModelBox } from './measurements.tsx';

/** The toggle and the overlay as viewer-canvas.tsx wires them (the lines need a WebGL canvas and are left out). */
function Harness({ locale, entry, preview, box }: { locale: Locale; entry?: Dimensions; preview: boolean; box?: ModelBox }) {
  const dimensions = useDimensions(locale, entry, preview);
  const { onModelBox } = dimensions;
  useEffect(() => {
    if (box) onModelBox(box);
  }, [box, onModelBox]);
  return (
    <>
      <ViewerToolbar locale={locale} onReset={() => {}} dimensions={dimensions.toggle} />
      {dimensions.overlay}
    </>
  );
}

const VASE: ModelBox = { size: { x: 0.177, y: 0.32, z: 0.177 }, scale: 3 };

describe('the dimensions overlay', () => {
  it('offers the toggle only once the model is measured, then labels width, height and depth', () => {
    const entry: Dimensions = { width: 17.7, height: 32, depth: 17.7, unit: 'cm' };
    const { rerender } = render(<Harness locale="de-DE" entry={entry} preview={false} />);
    expect(screen.queryByRole('button', { name: 'Maße anzeigen' })).toBeNull();

    rerender(<Harness locale="de-DE" entry={entry} preview={false} box={VASE} />);
    const toggle = screen.getByRole('button', { name: 'Maße anzeigen', description: 'Maße: Breite 17,7 cm, Höhe 32 cm, Tiefe 17,7 cm.' });
    expect(document.querySelectorAll('.mv-dimension')).toHaveLength(0);
    fireEvent.click(toggle);

    expect([...document.querySelectorAll('.mv-dimension')].map((label) => label.textContent)).toEqual(['17,7 cm', '32 cm', '17,7 cm']);
    expect(document.querySelector('.mv-dimensions')?.getAttribute('aria-hidden')).toBe('true');
  });

  it("shows editors the entry's value where the file disagrees, and visitors only the file's", () => {
    const entry: Dimensions = { width: 177, height: 400, depth: 177, unit: 'mm' };
    const { unmount } = render(<Harness locale="en-US" entry={entry} preview box={VASE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show dimensions' }));

    const flagged = document.querySelectorAll('.mv-dimension--mismatch');
    expect([...flagged].map((label) => label.textContent)).toEqual(['320 mmEntry: 400 mm']);
    unmount();

    render(<Harness locale="en-US" entry={entry} preview={false} box={VASE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show dimensions' }));
    expect(document.querySelectorAll('.mv-dimension--mismatch')).toHaveLength(0);
    expect(document.querySelector('[data-axis="height"]')?.textContent).toBe('320 mm');
  });
});
