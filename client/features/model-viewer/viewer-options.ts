/** The viewer's choices that depend on the device and the visitor's preferences, pure for tests. */

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
export const COARSE_POINTER_QUERY = '(pointer: coarse)';
/** Phones and tablets: a finger as the only pointer, no hover. */
export const TOUCH_FIRST_QUERY = '(hover: none) and (pointer: coarse)';

/** `auto`: start when the figure nears the viewport (or at once when eager). `on-request`: a "View in 3D" button. */
export type StartMode = 'auto' | 'on-request';

/** Touch-first devices and Save-Data start on request until the visitor once pressed the button (docs/decisions/008-viewer-start-on-request.md). */
export function getStartMode(options: { isTouchFirst: boolean; saveData: boolean; hasOptedIn: boolean }): StartMode {
  if (options.hasOptedIn) return 'auto';
  return options.isTouchFirst || options.saveData ? 'on-request' : 'auto';
}

/** Only when the editor asked for it, never under reduced motion, and off for good after the first interaction. */
export function getShouldAutoRotate(options: { requested: boolean | undefined; prefersReducedMotion: boolean; hasInteracted: boolean }): boolean {
  return options.requested === true && !options.prefersReducedMotion && !options.hasInteracted;
}

/** glTF animations play unless the visitor asked for reduced motion; the button can start them. */
export function getShouldAutoplay(prefersReducedMotion: boolean): boolean {
  return !prefersReducedMotion;
}

/** How the visitor first reached the canvas. */
export type HintInput = 'pointer' | 'keyboard';
export type HintKind = 'keyboard' | 'touch' | 'pointer';

/** The hint speaks of keys, fingers or the mouse. */
export function getHintKind(input: HintInput, isCoarsePointer: boolean): HintKind {
  if (input === 'keyboard') return 'keyboard';
  return isCoarsePointer ? 'touch' : 'pointer';
}
