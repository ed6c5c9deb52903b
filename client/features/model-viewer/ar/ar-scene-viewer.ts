// Google's Scene Viewer (ARCore's app) opened by an Android intent: the app fetches the .glb itself, at the file's real size.

/** The fragment Chrome lands on when the intent cannot be handled (no ARCore): the page says so instead of leaving. */
export const NO_SCENE_VIEWER_HASH = '#vitrine-no-ar';

/** Absolute URLs; `pageUrl` is Scene Viewer's link back and, with NO_SCENE_VIEWER_HASH, the browser's fallback. */
interface SceneViewerTarget {
  file: string;
  title: string;
  pageUrl: string;
}

/** Every value is percent-encoded, so a title or URL cannot end a parameter or the intent's fields. */
export function getSceneViewerIntent({ file, title, pageUrl }: SceneViewerTarget): string {
  const page = new URL(pageUrl);
  page.hash = '';
  const query = [
    `file=${encodeURIComponent(file)}`,
    'mode=ar_preferred',
    `title=${encodeURIComponent(title)}`,
    `link=${encodeURIComponent(page.href)}`,
    // The entry's dimensions are the product's: visitors should not pinch it bigger.
    'resizable=false',
  ].join('&');
  const fallback = encodeURIComponent(`${page.href}${NO_SCENE_VIEWER_HASH}`);
  return (
    `intent://arvr.google.com/scene-viewer/1.2?${query}` +
    `#Intent;scheme=https;package=com.google.ar.core;action=android.intent.action.VIEW;S.browser_fallback_url=${fallback};end;`
  );
}

/** Resolves once the page is hidden (the app opened) or after `timeoutMs`; rejects when the browser falls back (no ARCore). */
export function openSceneViewer(target: SceneViewerTarget, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve, reject) => {
    const listeners = new AbortController();
    const finish = (error?: Error) => {
      clearTimeout(timer);
      listeners.abort();
      if (error) reject(error);
      else resolve();
    };
    const handleHash = () => {
      if (window.location.hash !== NO_SCENE_VIEWER_HASH) return;
      // Drop the fragment without a navigation, keeping the router's state.
      window.history.replaceState(window.history.state, '', window.location.href.replace(NO_SCENE_VIEWER_HASH, ''));
      finish(new Error('Scene Viewer is not available on this device'));
    };
    const handleHidden = () => {
      if (document.visibilityState === 'hidden') finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    window.addEventListener('hashchange', handleHash, { signal: listeners.signal });
    document.addEventListener('visibilitychange', handleHidden, { signal: listeners.signal });
    const anchor = document.createElement('a');
    anchor.href = getSceneViewerIntent(target);
    anchor.click();
  });
}
