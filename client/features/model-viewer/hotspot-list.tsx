import './hotspots.css';

import { useId, useMemo, useSyncExternalStore } from 'react';

import { VIEWER_LABELS } from './labels.ts';
import { readViewState, useViewChoice } from './view-state.ts';

import type { ReactNode, SyntheticEvent } from 'react';
import type { Hotspot, Locale } from '#shared/content/types.ts';
import type { Inspect } from './variant-picker.tsx';

/** How a page that owns the open hotspot hands it to the viewer. */
export interface HotspotControl {
  openId: string | null;
  onOpenChange: (id: string | null) => void;
  /** Null for a label-only note. */
  getNoteHtml?: (id: string) => string | null;
  /** Preview mode: clicking the model gives a position, normal and view to paste into a hotspot entry. */
  picker?: boolean;
}

const noteDomId = (id: string) => `mv-note-${id}`;
const subscribeNever = () => () => undefined;

/** The visitor's choice, else the link's `?hotspot=` (read after hydration: the server renders the canonical URL without it). */
export function useHotspotControl(hotspots: Hotspot[] | undefined, picker: boolean): HotspotControl {
  const [chosen, onOpenChange] = useViewChoice(hotspots, 'hotspot');
  const linked = useSyncExternalStore(
    subscribeNever,
    () => readViewState(window.location.search).hotspot ?? null,
    () => null,
  );
  const openId = chosen ? chosen.id : (hotspots?.find((hotspot) => hotspot.id === linked)?.id ?? null);
  return useMemo(() => ({ openId, onOpenChange, getNoteHtml: readNoteHtml, picker }), [openId, onOpenChange, picker]);
}

/** Ids removed: the copy must not duplicate the page's heading ids. */
function readNoteHtml(id: string): string | null {
  const source = document.getElementById(noteDomId(id));
  if (!source || source.textContent?.trim() === '') return null;
  const copy = source.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll('[id]')) element.removeAttribute('id');
  return copy.innerHTML;
}

interface HotspotListProps {
  hotspots: Hotspot[];
  control: HotspotControl;
  locale: Locale;
  renderNote: (id: string) => ReactNode;
  inspect?: Inspect;
}

/** Numbered disclosures, server-rendered: readable without WebGL or JavaScript; the numbers match the canvas' buttons. */
export function HotspotList({ hotspots, control, locale, renderNote, inspect }: HotspotListProps) {
  const headingId = useId();
  const { openId, onOpenChange } = control;
  if (hotspots.length === 0) return null;
  // `toggle` also fires when React sets `open`: only a change the state does not know yet is the visitor's.
  const handleToggle = (id: string) => (event: SyntheticEvent<HTMLDetailsElement>) => {
    const isOpen = event.currentTarget.open;
    if (isOpen && openId !== id) onOpenChange(id);
    else if (!isOpen && openId === id) onOpenChange(null);
  };
  return (
    <section className="mv-hotspot-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="mv-hotspot-list__title">
        {VIEWER_LABELS[locale].hotspots}
      </h2>
      <ol>
        {hotspots.map((hotspot) => (
          <li key={hotspot.id}>
            <details open={hotspot.id === openId} onToggle={handleToggle(hotspot.id)}>
              <summary {...inspect?.(hotspot.id, 'label')}>{hotspot.label}</summary>
              <div id={noteDomId(hotspot.id)} className="mv-hotspot-list__note" {...inspect?.(hotspot.id, 'note')}>
                {renderNote(hotspot.id)}
              </div>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
