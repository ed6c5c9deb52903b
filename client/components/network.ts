/** The parts of the Network Information API we use (Chromium only; absent elsewhere). */
export interface NetworkInformationLike {
  saveData?: boolean;
  addEventListener?: (type: 'change', listener: () => void) => void;
  removeEventListener?: (type: 'change', listener: () => void) => void;
}

/** `navigator.connection`; its `saveData` is the visitor's Save-Data setting. */
export function networkInformation(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}
