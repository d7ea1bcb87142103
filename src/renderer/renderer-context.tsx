import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { RegisteredWidget } from '../lib/widget';

/** development: a broken node shows a visible box; production: it is skipped and logged once. */
export type RenderMode = 'development' | 'production';

export type WidgetRegistry = Readonly<Record<string, RegisteredWidget>>;

export interface RendererEnv {
  mode: RenderMode;
  registry: WidgetRegistry;
  /** Reports a broken node; in production once per node path, however often it re-renders. */
  report(path: string, error: unknown): void;
}

const buildMode: RenderMode = import.meta.env.DEV ? 'development' : 'production';

function createReporter(mode: RenderMode): RendererEnv['report'] {
  const reported = new Set<string>();
  return (path, error) => {
    if (mode !== 'production' || reported.has(path)) return;
    reported.add(path);
    console.error(`widget ${path} skipped:`, error);
  };
}

const RendererContext = createContext<RendererEnv>({
  mode: buildMode,
  registry: {},
  report: createReporter(buildMode),
});

export interface RendererProviderProps {
  /** Defaults to the build's mode (import.meta.env.DEV); tests and the preview route set it. */
  mode?: RenderMode;
  /** The widgets a tenant may name (the app passes widgets/registry): the renderer knows no widget itself. */
  registry: WidgetRegistry;
  children?: ReactNode;
}

export function RendererProvider({ mode = buildMode, registry, children }: RendererProviderProps) {
  const [report] = useState(() => createReporter(mode));
  // Every node reads this context: a new object on each render of the provider would re-render them all.
  const env = useMemo(() => ({ mode, registry, report }), [mode, registry, report]);
  return <RendererContext.Provider value={env}>{children}</RendererContext.Provider>;
}

export function useRendererEnv(): RendererEnv {
  return useContext(RendererContext);
}
