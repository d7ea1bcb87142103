import type { ReactNode } from 'react';

/** A widget's props schema: JSON Schema draft 2020-12, checked by the tenant validator, never in the browser. */
type WidgetPropsSchema = Readonly<Record<string, unknown>>;

/** What a widget component receives: its resolved props, plus its children slot when it is a container. */
export type WidgetComponentProps<P> = P & { children?: ReactNode };

/** A registered widget (Puck-style component config): everything the renderer and the validator need. */
export interface WidgetManifest<P> {
  /** Registry key and folder name (kebab-case). */
  name: string;
  /** Semver of the widget's props contract. */
  version: string;
  propsSchema: WidgetPropsSchema;
  /** Merged under a node's props by the renderer; must validate against propsSchema. */
  defaults: Partial<P>;
  /** A function component (widgets hold no class state; the renderer supplies the error boundary). */
  component: (props: WidgetComponentProps<P>) => ReactNode;
}

/**
 * A manifest with its props type erased, as the registry stores it. A `never` parameter accepts any
 * widget component; the renderer casts once at the call site, where the props come from validated JSON.
 */
export interface RegisteredWidget {
  name: string;
  version: string;
  propsSchema: WidgetPropsSchema;
  defaults: object;
  component: (props: never) => ReactNode;
}

/** Types a manifest against its generated props type (keeps the literal inference in one place). */
export function defineWidget<P>(manifest: WidgetManifest<P>): WidgetManifest<P> {
  return manifest;
}
