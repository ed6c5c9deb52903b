import { toScriptSafeJson } from '#shared/http/serialize.ts';

import type { ServerAssets } from '#client/components/app-config.tsx';

/** After DOMContentLoaded, whatever the LCP image does. */
export const BOOT_DEADLINE_MS = 3000;

/**
 * Loads the page's modules once the `fetchpriority=high` image has painted, else after the first paint, so they do not share a phone's
 * bandwidth with it (ADR 058); the preloads go out together, so no import waterfall. Called as `(modules, preloads, integrity, deadline)`.
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

// The server resolves each set of route chunks to its assets once, so a route's requests hand in the same lists (ADR 056).
const bootScripts = new WeakMap<readonly string[], Omit<BootAssets, 'modulePreloads'> & { script: string }>();

export function bootScript(assets: BootAssets): string {
  const known = bootScripts.get(assets.modulePreloads);
  if (known && known.bootstrapModules === assets.bootstrapModules && known.integrity === assets.integrity) return known.script;
  const args = [assets.bootstrapModules ?? [], assets.modulePreloads, assets.integrity ?? {}, BOOT_DEADLINE_MS].map((arg) => toScriptSafeJson(arg));
  const script = `${BOOT}(${args.join(',')});`;
  bootScripts.set(assets.modulePreloads, { bootstrapModules: assets.bootstrapModules, integrity: assets.integrity, script });
  return script;
}

/** What React does to a `<style>` child (the `s` of `<style` and `</style` becomes a CSS escape). */
const STYLE_TAG = /(<\/|<)(s)(tyle)/gi;

/** Once per text: as a child React would scan ~14 KB of CSS on every render; inner HTML it writes as is. */
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

/** Server only (through `ServerHead`): React hoists the stylesheets into <head> and leaves them out of hydration; small ones are inline (ADR 009). */
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
