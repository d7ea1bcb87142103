import { Component, type ReactNode } from 'react';
import { WidgetProblem } from './widget-problem';

interface NodeBoundaryProps {
  path: string;
  children?: ReactNode;
}

interface NodeBoundaryState {
  failed: boolean;
  error: unknown;
}

/** One per node: a widget that throws takes down only itself, never its siblings or the screen. */
export class NodeBoundary extends Component<NodeBoundaryProps, NodeBoundaryState> {
  override state: NodeBoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): NodeBoundaryState {
    return { failed: true, error };
  }

  override render() {
    if (this.state.failed) return <WidgetProblem path={this.props.path} error={this.state.error} />;
    return this.props.children;
  }
}

/** True for our node boundaries: the root's onCaughtError leaves their errors to the renderer's report. */
export function isNodeBoundary(boundary: unknown): boolean {
  return boundary instanceof NodeBoundary;
}
