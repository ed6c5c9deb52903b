import './ar-qr.css';

import { useEffect, useId, useRef } from 'react';
import { encode } from 'uqr';

import type { Locale } from '#shared/content/types.ts';

// "View in your space" on a computer: a QR code for the phone, made here (uqr), loaded on the first press (ADR 047).

const LABELS = {
  'en-US': {
    title: 'View it in your room',
    help: 'Scan the code with your phone’s camera: the page opens there, ready to place the model in your room.',
    code: 'QR code for this page with augmented reality',
    close: 'Close',
  },
  'de-DE': {
    title: 'In Ihrem Raum ansehen',
    help: 'Scannen Sie den Code mit der Kamera Ihres Telefons: Die Seite öffnet sich dort, bereit, das Modell in Ihren Raum zu stellen.',
    code: 'QR-Code für diese Seite mit Augmented Reality',
    close: 'Schließen',
  },
} satisfies Record<Locale, Record<string, string>>;

/** The same page and variant, with `?ar=1`: the phone offers AR at once. */
function phoneUrl(location: Pick<Location, 'origin' | 'pathname'>, variant: string | undefined): string {
  const url = new URL(location.pathname, location.origin);
  if (variant) url.searchParams.set('variant', variant);
  url.searchParams.set('ar', '1');
  return url.href;
}

/** One SVG path of dark modules, with its quiet zone: crisp at any size, no canvas, no inline style. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg className="mv-qr__code" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** A modal dialog (focus kept inside, Esc closes, focus goes back to the button) with the code and the address. */
export function ArQrDialog({ locale, variant, onClose }: { locale: Locale; variant: string | undefined; onClose: () => void }) {
  const t = LABELS[locale];
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const url = phoneUrl(window.location, variant);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="mv-qr" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="mv-qr__title">
        {t.title}
      </h2>
      <p>{t.help}</p>
      <QrCode text={url} label={t.code} />
      <p className="mv-qr__url">{url}</p>
      <form method="dialog">
        <button type="submit" className="mv-button" autoFocus>
          {t.close}
        </button>
      </form>
    </dialog>
  );
}
