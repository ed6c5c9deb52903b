// Safe for the first-load bundle: a plain form until it loads InstantSearch lazily. The rest is in ./page.ts.
export { HeaderSearch } from './header-search.tsx';
