import { createContext, use } from 'react';

import type { ReactNode } from 'react';
import type { PublicConfig } from '#shared/public-config.ts';

/** Server only. */
export interface ServerAssets {
  nonce: string;
  stylesheets: string[];
  modulePreloads: string[];
  /** Loaded by DocumentAssets after the LCP image (ADR 058). */
  bootstrapModules?: string[];
  integrity?: Record<string, string>;
  inlineStyles?: Record<string, string>;
  /** DocumentAssets, built by the server entry so its code never ships to the browser. */
  head?: ReactNode;
}

const AppConfigContext = createContext<{ config: PublicConfig; assets: ServerAssets | null } | null>(null);

export function AppConfigProvider({ value, assets = null, children }: { value: PublicConfig; assets?: ServerAssets | null; children: ReactNode }) {
  return <AppConfigContext value={{ config: value, assets }}>{children}</AppConfigContext>;
}

export function usePublicConfig(): PublicConfig {
  const value = use(AppConfigContext);
  if (!value) throw new Error('usePublicConfig needs an AppConfigProvider');
  return value.config;
}

export function useServerAssets(): ServerAssets | null {
  return use(AppConfigContext)?.assets ?? null;
}

export function ServerHead() {
  return useServerAssets()?.head ?? null;
}
