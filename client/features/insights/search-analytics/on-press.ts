/**
 * The model viewer's hook: its buttons call this on the press, and the conversion code loads then (the press loads the 3D or AR
 * code anyway), so a model page's first load carries none of it. Never throws, never rejects.
 */
export function reportSearchConversion(kind: '3d' | 'ar'): void {
  void import('./conversion.ts').then(
    (conversion) => conversion.sendSearchConversion(kind),
    () => undefined,
  );
}
