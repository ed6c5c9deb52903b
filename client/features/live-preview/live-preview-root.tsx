import { useEffect, useEffectEvent } from 'react';
import { useRevalidator } from 'react-router';

import { usePublicConfig } from '#client/components/app-config.tsx';
import { useSite } from '#client/layout/use-site.ts';

/** Inside a frame: Contentful's Live Preview pane. */
export function LivePreviewRoot(): null {
  const { preview, locale } = useSite();
  const { origins } = usePublicConfig().livePreview;
  const { revalidate } = useRevalidator();
  const onSaved = useEffectEvent(() => void revalidate());
  useEffect(() => {
    if (!preview || window.top === window) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./live-preview.ts').then(({ startLivePreview }) => {
      if (!stopped) stop = startLivePreview({ locale, origins, revalidate: () => onSaved() });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [preview, locale, origins]);
  return null;
}
