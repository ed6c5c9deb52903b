/** Option logic of the viewer that depends on user preferences, kept pure for tests. */

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
export const COARSE_POINTER_QUERY = '(pointer: coarse)';
/** Phones and tablets: a finger as the only pointer, no hover. */
export const TOUCH_FIRST_QUERY = '(hover: none) and (pointer: coarse)';

/**
 * When the 3D view starts. `auto`: as soon as the figure nears the viewport
 * (or at once for an eager viewer). `on-request`: the poster shows a "View in
 * 3D" button and nothing heavy loads until it is pressed.
 */
export type StartMode = 'auto' | 'on-request';

/**
 * Touch-first devices and visitors who asked to save data start on request:
 * the 3D chunk, the model and a WebGL context cost a phone a few hundred KB
 * and seconds of main thread while the page is still loading, and a canvas
 * under the thumb is easy to start by accident. Once a visitor pressed the
 * button, later viewers in the same tab start by themselves.
 */
export function getStartMode(options: { isTouchFirst: boolean; saveData: boolean; hasOptedIn: boolean }): StartMode {
  if (options.hasOptedIn) return 'auto';
  return options.isTouchFirst || options.saveData ? 'on-request' : 'auto';
}

/**
 * Auto-rotate runs only when the editor asked for it, the visitor has not
 * asked for reduced motion, and stops for good on the first interaction.
 */
export function getShouldAutoRotate(options: { requested: boolean | undefined; prefersReducedMotion: boolean; hasInteracted: boolean }): boolean {
  return options.requested === true && !options.prefersReducedMotion && !options.hasInteracted;
}

/** glTF animations start playing unless the visitor asked for reduced motion; the button can start them. */
export function getShouldAutoplay(prefersReducedMotion: boolean): boolean {
  return !prefersReducedMotion;
}

/** How the visitor first reached the canvas. */
export type HintInput = 'pointer' | 'keyboard';

/** Which hint (canvas-labels.ts) fits how the canvas was reached and the pointer. */
export type HintKind = 'keyboard' | 'touch' | 'pointer';

/** The short hint shown on first focus or touch: keys, fingers or mouse. */
export function getHintKind(input: HintInput, isCoarsePointer: boolean): HintKind {
  if (input === 'keyboard') return 'keyboard';
  return isCoarsePointer ? 'touch' : 'pointer';
}
