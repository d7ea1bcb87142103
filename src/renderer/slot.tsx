import { memo, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import type { Slot as SlotData, WidgetNode } from '../generated/tenant';
import { evaluateGate, type GateContext } from '../lib/gates';
import { useGateContext, useNoteWidget } from '../lib/runtime';
import { NodeBoundary } from './node-boundary';
import { useRendererEnv } from './renderer-context';
import { WidgetProblem } from './widget-problem';

/**
 * The elements of a slot, in its order, without the nodes whose gate is closed. A plain array (not
 * a wrapper element) so that a container can wrap each child, e.g. in an <li>.
 *
 * Each node is its own Suspense boundary: a page the server rendered hydrates node by node in
 * short slices (React's selective hydration, the node under a tap first) instead of one long task.
 */
function slotElements(slot: SlotData, path: string, gateContext: GateContext): ReactElement[] {
  const out: ReactElement[] = [];
  for (const id of slot.order) {
    const nodePath = `${path}.items.${id}`;
    const node = slot.items[id];
    if (!node) {
      out.push(<WidgetProblem key={id} path={nodePath} error={new Error(`order names "${id}", which is not an item`)} />);
      continue;
    }
    if (!evaluateGate(node.gate, gateContext)) continue;
    out.push(
      <NodeBoundary key={id} path={nodePath}>
        <Suspense fallback={null}>
          <NodeView node={node} path={nodePath} />
        </Suspense>
      </NodeBoundary>,
    );
  }
  return out;
}

type WidgetComponent = ComponentType<Record<string, unknown>>;

/**
 * Memoised on the tenant's node object and its path: when the slot above re-renders (a gate
 * changed), the nodes it keeps do not, and each widget re-renders only for what it reads itself.
 */
const NodeView = memo(function NodeView({ node, path }: { node: WidgetNode; path: string }) {
  const { registry } = useRendererEnv();
  useNoteWidget(node.widget);
  const manifest = Object.prototype.hasOwnProperty.call(registry, node.widget) ? registry[node.widget] : undefined;
  if (!manifest) return <WidgetProblem path={path} error={new Error(`unknown widget "${node.widget}"`)} />;
  // The props were validated against the manifest's schema before the tenant was served.
  const Widget = manifest.component as WidgetComponent;
  const props = { ...manifest.defaults, ...(node.props ?? {}) };
  if (!node.children) return <Widget {...props} />;
  return <ContainerView widget={Widget} props={props} slot={node.children} path={`${path}.children`} />;
});

/** Only containers depend on the gate context (to pick their children); leaves never re-render for it. */
function ContainerView({ widget: Widget, props, slot, path }: { widget: WidgetComponent; props: Record<string, unknown>; slot: SlotData; path: string }) {
  const gateContext = useGateContext();
  return <Widget {...props}>{slotElements(slot, path, gateContext)}</Widget>;
}

export interface SlotProps {
  slot: SlotData | undefined;
  /** JSON path of the slot in the tenant, e.g. screens.shell.slots.footer; names nodes in errors. */
  path: string;
}

/** Renders a slot's node tree through the registered widgets, each inside its own error boundary. */
export function Slot({ slot, path }: SlotProps) {
  const gateContext = useGateContext();
  if (!slot) return null;
  return <>{slotElements(slot, path, gateContext)}</>;
}

/** `<Slot>` as a call, for places that build element trees in code. */
export function renderSlot(slot: SlotData | undefined, { path }: { path: string }): ReactNode {
  return <Slot slot={slot} path={path} />;
}
