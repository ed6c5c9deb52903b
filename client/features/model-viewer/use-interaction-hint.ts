import { useCallback, useEffect, useState } from 'react';

/** How long the hint stays before it fades. */
export const HINT_VISIBLE_MS = 2500;

/**
 * The "Drag to rotate" hint: shown once, on the first focus or touch of the
 * canvas (not on load, so it never covers the model uninvited), then fades.
 */
export function useInteractionHint(): { isHintVisible: boolean; showHint: () => void } {
  const [phase, setPhase] = useState<'pending' | 'visible' | 'done'>('pending');

  useEffect(() => {
    if (phase !== 'visible') return;
    const timer = setTimeout(() => setPhase('done'), HINT_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const showHint = useCallback(() => setPhase((current) => (current === 'pending' ? 'visible' : current)), []);

  return { isHintVisible: phase === 'visible', showHint };
}
