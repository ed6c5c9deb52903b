import { toScriptSafeJson } from '#shared/http/serialize.ts';

import type { ServerAssets } from '#client/components/app-config.tsx';

/** Hydration starts at the latest this long after DOMContentLoaded, whatever the LCP image does. */
export const BOOT_DEADLINE_MS = 3000;

/**
 * Loads the page's modules once the LCP image (the `fetchpriority=high` one) has loaded and painted, else after the first
 * paint: the chunks then no longer share a phone's bandwidth with that image (ADR 058). Links and forms work before; the
 * preloads go out together, so there is no import waterfall. Called as `(modules, preloads, integrity, deadline)`.
 */
const BOOT = `(function(m,p,i,t){var d=document,s=0;
function a(n,o){var e=d.createElement(n);for(var k in o)e.setAttribute(k,o[k]);e.async=false;d.head.append(e)}
function b(){if(s)return;s=1;
p.forEach(function(h){a('link',{rel:'modulepreload',href:h})});
m.forEach(function(h){a('script',i[h]?{type:'module',integrity:i[h],src:h}:{type:'module',src:h})})}
function f(){requestAnimationFrame(function(){setTimeout(b)})}
function g(){var e=d.querySelector('img[fetchpriority=high]');if(e&&!e.complete){e.addEventListener('load',f);e.addEventListener('error',f)}else f();
setTimeout(b,t)}
d.readyState==='loading'?d.addEventListener('DOMContentLoaded',g):g()})`;

type BootAssets = Pick<ServerAssets, 'bootstrapModules' | 'modulePreloads' | 'integrity'>;

/**
 * Boot scripts by the page's preload list: the server resolves each set of route chunks to its assets once (server/ssr/assets.ts),
 * so every request for a route hands in the same lists and gets the same string, without serializing them again (ADR 056).
 */
const bootScripts = new WeakMap<readonly string[], Omit<BootAssets, 'modulePreloads'> & { script: string }>();

/** The inline script that boots the page: `BOOT` applied to this page's modules. */
export function bootScript(assets: BootAssets): string {
  const known = bootScripts.get(assets.modulePreloads);
  if (known && known.bootstrapModules === assets.bootstrapModules && known.integrity === assets.integrity) return known.script;
  const args = [assets.bootstrapModules ?? [], assets.modulePreloads, assets.integrity ?? {}, BOOT_DEADLINE_MS].map((arg) => toScriptSafeJson(arg));
  const script = `${BOOT}(${args.join(',')});`;
  bootScripts.set(assets.modulePreloads, { bootstrapModules: assets.bootstrapModules, integrity: assets.integrity, script });
  return script;
}

/** What React does to a `<style>` child (`<style` and `</style` lose their `s` to a CSS escape), so the precomputed text is as safe. */
const STYLE_TAG = /(<\/|<)(s)(tyle)/gi;

/** The escaped inline sheets, once per text: as a child React would scan ~14 KB of CSS on every render; inner HTML it writes as is. */
const inlineHtml = new Map<string, { __html: string }>();

function inlineStyleHtml(css: string): { __html: string } {
  let html = inlineHtml.get(css);
  if (html === undefined) {
    if (inlineHtml.size >= 64) inlineHtml.clear();
    html = { __html: css.replace(STYLE_TAG, (_match, open: string, s: string, rest: string) => `${open}${s === 's' ? '\\73 ' : '\\53 '}${rest}`) };
    inlineHtml.set(css, html);
  }
  return html;
}

/**
 * The matched routes' stylesheets and the script that loads their modules, rendered by the server only (the root shows them
 * through `ServerHead`). React hoists the stylesheets into <head> and leaves them out of hydration; small sheets are inline (ADR 009).
 */
export function DocumentAssets({ assets }: { assets: ServerAssets }) {
  const hasModules = (assets.bootstrapModules?.length ?? 0) + assets.modulePreloads.length > 0;
  return (
    <>
      {assets.stylesheets.map((href) => {
        const inline = assets.inlineStyles?.[href];
        return inline === undefined ? (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ) : (
          // React writes the nonce only when it matches the render's style nonce (the page CSP has no 'unsafe-inline').
          <style key={href} href={href} precedence="default" nonce={assets.nonce} dangerouslySetInnerHTML={inlineStyleHtml(inline)} />
        );
      })}
      {hasModules ? <script nonce={assets.nonce} dangerouslySetInnerHTML={{ __html: bootScript(assets) }} /> : null}
    </>
  );
}
