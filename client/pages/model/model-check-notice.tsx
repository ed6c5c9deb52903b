import type { Locale, ModelCheck } from '#shared/content/types.ts';

const LABELS = {
  'en-US': {
    title: 'Model file check (shown in preview only)',
    unviewable: 'Visitors see the poster with “3D view unavailable” instead of the 3D view. Fix the file or model.files and publish again.',
    viewable: 'The 3D view starts, but the validator reported problems.',
    errors: (n: number) => `${n} ${n === 1 ? 'error' : 'errors'}`,
    warnings: (n: number) => `${n} ${n === 1 ? 'warning' : 'warnings'}`,
    needs: 'Needs',
    external: 'external files',
  },
  'de-DE': {
    title: 'Prüfung der Modelldatei (nur in der Vorschau sichtbar)',
    unviewable:
      'Besucher sehen das Vorschaubild mit „3D-Ansicht nicht verfügbar“ statt der 3D-Ansicht. ' +
      'Korrigieren Sie die Datei oder model.files und veröffentlichen Sie erneut.',
    viewable: 'Die 3D-Ansicht startet, aber der Validator hat Probleme gemeldet.',
    errors: (n: number) => `${n} Fehler`,
    warnings: (n: number) => `${n} ${n === 1 ? 'Warnung' : 'Warnungen'}`,
    needs: 'Benötigt',
    external: 'externe Dateien',
  },
} satisfies Record<Locale, Record<string, unknown>>;

/** For editors in preview mode. */
export function ModelCheckNotice({ check, locale }: { check: ModelCheck; locale: Locale }) {
  if (check.errorCount === 0 && check.warningCount === 0) return null;
  const t = LABELS[locale];
  const { draco, meshopt, ktx2, externalFiles } = check.needs;
  const needs = [draco && 'Draco', meshopt && 'meshopt', ktx2 && 'KTX2', externalFiles.length > 0 && `${t.external}: ${externalFiles.join(', ')}`];
  return (
    <aside className="model-check" aria-labelledby="model-check-title">
      <h2 id="model-check-title">{t.title}</h2>
      <p>{check.viewable ? t.viewable : t.unviewable}</p>
      <p>
        {t.errors(check.errorCount)}, {t.warnings(check.warningCount)}
      </p>
      <ul>
        {[...check.errors, ...check.warnings].map((message, i) => (
          <li key={i}>{message}</li>
        ))}
      </ul>
      {needs.some(Boolean) ? (
        <p>
          {t.needs}: {needs.filter(Boolean).join(' · ')}
        </p>
      ) : null}
    </aside>
  );
}
