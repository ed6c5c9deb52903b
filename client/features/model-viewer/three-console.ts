import { getConsoleFunction, setConsoleFunction } from 'three';

/**
 * three 0.187 warns on every `new THREE.Clock()`, and R3F 9 creates one per
 * canvas root (store.ts), so each viewer mount would log a deprecation we
 * cannot act on, and our e2e tests fail on console warnings. This routes
 * three's own log calls (three's setConsoleFunction hook) and drops only that
 * message; everything else reaches the console unchanged. Remove with R3F 10,
 * which uses THREE.Timer.
 */
const KNOWN_NOISE = [/^THREE\.Clock: This module has been deprecated/];

export function filterThreeConsole(): void {
  // Another part of the page already routes three's logs: leave it in charge.
  if (getConsoleFunction()) return;
  setConsoleFunction((type, message, ...params) => {
    if (KNOWN_NOISE.some((pattern) => pattern.test(message))) return;
    console[type](message, ...params);
  });
}
