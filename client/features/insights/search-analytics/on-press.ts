/** Loads the conversion code on the press (which loads the 3D or AR code anyway), so a model page's first load carries none of it. */
export function reportSearchConversion(kind: '3d' | 'ar'): void {
  void import('./conversion.ts').then(
    (conversion) => conversion.sendSearchConversion(kind),
    () => undefined,
  );
}
