import { useCallback, useEffect, useState } from 'react';

import type { HintInput } from './viewer-options.ts';

/** How long the hint stays before it fades. */
export const HINT_VISIBLE_MS = 2500;

type HintState = { phase: 'pending' } | { phase: 'visible' | 'done'; input: HintInput };

/**
 * The interaction hint: shown once, on the first focus or touch of the canvas
 * (not on load, so it never covers the model uninvited), then fades. It
 * speaks of keys when the canvas was reached with the keyboard.
 */
export function useInteractionHint(): { isHintVisible: boolean; hintInput: HintInput; showHint: (input: HintInput) => void } {
  const [state, setState] = useState<HintState>({ phase: 'pending' });

  useEffect(() => {
    if (state.phase !== 'visible') return;
    const timer = setTimeout(() => setState({ phase: 'done', input: state.input }), HINT_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const showHint = useCallback((input: HintInput) => setState((current) => (current.phase === 'pending' ? { phase: 'visible', input } : current)), []);

  return {
    isHintVisible: state.phase === 'visible',
    // Kept after the hint hides, so the text does not change while it fades out.
    hintInput: state.phase === 'pending' ? 'pointer' : state.input,
    showHint,
  };
}
