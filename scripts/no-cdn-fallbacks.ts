import type { Plugin } from 'vite';

/** Defaults Vitrine never uses (ADR 003, 004): rewritten to our origin, so a future call with one fails visibly (a 404). */
const CDN_FALLBACKS: ReadonlyArray<{ url: string; replacement: string }> = [
  { url: 'https://raw.githack.com/pmndrs/drei-assets/', replacement: '/_no-cdn/drei-assets/' },
  { url: 'https://cdn.jsdelivr.net/npm/search-insights@', replacement: '/_no-cdn/search-insights@' },
];

export const CDN_HOSTS = /raw\.githack|jsdelivr\.net|gstatic\.com|unpkg\.com|vercel-scripts\.com|fonts\.googleapis/;

export function rewriteCdnFallbacks(code: string): string {
  return CDN_FALLBACKS.reduce((out, { url, replacement }) => out.split(url).join(replacement), code);
}

export function noCdnFallbacks(): Plugin {
  return {
    name: 'vitrine:no-cdn-fallbacks',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/node_modules/')) return null;
      const rewritten = rewriteCdnFallbacks(code);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      for (const output of Object.values(bundle)) {
        // Source maps quote the original sources; browsers never fetch them (sourcemap: 'hidden').
        if (output.fileName.endsWith('.map')) continue;
        const text = output.type === 'chunk' ? output.code : typeof output.source === 'string' ? output.source : '';
        const hit = CDN_HOSTS.exec(text);
        if (hit) this.error(`${output.fileName} names the third-party host "${hit[0]}": self-host it or rewrite it in scripts/no-cdn-fallbacks.ts`);
      }
    },
  };
}
