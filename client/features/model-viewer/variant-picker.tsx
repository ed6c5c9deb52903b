import './variant-picker.css';

import { VIEWER_LABELS } from './labels.ts';
import { useViewChoice } from './view-state.ts';

import type { Locale, ModelVariant, ViewerSource } from '#shared/content/types.ts';

/** A swatch or a colour variant's colour, sRGB. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** `id` when the model has it, else the first: the swatch group always has one checked. */
export function resolveVariant(variants: ModelVariant[] | undefined, id: string | null | undefined): string | undefined {
  return variants?.find((variant) => variant.id === id)?.id ?? variants?.[0]?.id;
}

/** Starts from the loader's `?variant=` and writes each choice to the address; another model starts from its own `initial`. */
export function useVariantSelection(source: ViewerSource, initial: string | null | undefined): [string | undefined, (id: string) => void] {
  const [chosen, select] = useViewChoice(source.src, 'variant');
  return [resolveVariant(source.variants, chosen ? chosen.id : initial), select];
}

interface VariantPickerProps {
  variants: ModelVariant[] | undefined;
  selected: string | undefined;
  locale: Locale;
  onSelect: (id: string) => void;
  inspect?: Inspect;
}

type InspectorTags = Record<string, string>;
/** Live Preview's tags for an entry's field in preview, nothing on public pages. */
export type Inspect = (entryId: string | undefined, fieldId: string) => InspectorTags | undefined;

/** Native radios in a fieldset; without JavaScript a GET form that reloads the page with `?variant=`. */
export function VariantPicker({ variants, selected, locale, onSelect, inspect }: VariantPickerProps) {
  if (!variants || variants.length < 2) return null;
  const t = VIEWER_LABELS[locale];
  return (
    <form className="mv-variants" method="get" onSubmit={(event) => event.preventDefault()}>
      <fieldset>
        <legend>{t.variants}</legend>
        {variants.map((variant) => (
          <label key={variant.id} className="mv-swatch">
            <input type="radio" name="variant" value={variant.id} checked={variant.id === selected} onChange={() => onSelect(variant.id)} />
            <SwatchChip color={variant.swatch} tags={inspect?.(variant.entryId, 'swatch')} />
            <span {...inspect?.(variant.entryId, 'label')}>{variant.label}</span>
          </label>
        ))}
        <noscript>
          <button type="submit" className="mv-button">
            {t.showVariant}
          </button>
        </noscript>
      </fieldset>
    </form>
  );
}

/** A fill attribute, not a style: the page CSP blocks inline styles. */
function SwatchChip({ color, tags }: { color: string | undefined; tags: InspectorTags | undefined }) {
  const fill = color !== undefined && HEX_COLOR.test(color) ? color : undefined;
  return (
    <svg className={fill ? 'mv-swatch__chip' : 'mv-swatch__chip mv-swatch__chip--neutral'} viewBox="0 0 20 20" aria-hidden="true" {...tags}>
      <circle cx="10" cy="10" r="9" fill={fill ?? 'none'} />
    </svg>
  );
}
