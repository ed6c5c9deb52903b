import { createContext, use } from 'react';

import type { ReactNode } from 'react';
import type { PublicConfig } from '#shared/public-config.ts';

/** What the server knows about the page's assets; empty in the browser. */
export interface ServerAssets {
  nonce: string;
  stylesheets: string[];
  modulePreloads: string[];
  /** The module scripts that boot the page, loaded by DocumentAssets after the LCP image (ADR 058), with their Subresource Integrity by href. */
  bootstrapModules?: string[];
  integrity?: Record<string, string>;
  /** Stylesheet text by href for the sheets the server inlines (server/ssr/assets.ts). */
  inlineStyles?: Record<string, string>;
  /** The head elements built from these assets (DocumentAssets) by the server entry, so their code never ships to the browser. */
  head?: ReactNode;
}

interface AppConfig {
  config: PublicConfig;
  assets: ServerAssets | null;
}

const AppConfigContext = createContext<AppConfig | null>(null);

/** Provides the public config (both sides) and, on the server, the page's assets. */
export function AppConfigProvider({ value, assets = null, children }: { value: PublicConfig; assets?: ServerAssets | null; children: ReactNode }) {
  return <AppConfigContext value={{ config: value, assets }}>{children}</AppConfigContext>;
}

export function usePublicConfig(): PublicConfig {
  const value = use(AppConfigContext);
  if (!value) throw new Error('usePublicConfig needs an AppConfigProvider');
  return value.config;
}

/** The page's assets, available during server rendering only. */
export function useServerAssets(): ServerAssets | null {
  return use(AppConfigContext)?.assets ?? null;
}

/** The server's head elements (stylesheets, module preloads); nothing in the browser. */
export function ServerHead() {
  return useServerAssets()?.head ?? null;
}
