/**
 * The search feature's light surface, safe for the first-load bundle: the header box (a plain form until it loads InstantSearch lazily). The full labels and
 * InstantSearch itself is reached only through dynamic imports and through ./page.ts, which only the lazily loaded search page imports.
 */
export { HeaderSearch } from './header-search.tsx';
