import './renderer.css';
import { useEffect } from 'react';
import { useRendererEnv } from './renderer-context';

export interface WidgetProblemProps {
  path: string;
  error: unknown;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What a node that cannot render leaves behind: a box naming the node path in development,
 * nothing (and one log line) in production.
 */
export function WidgetProblem({ path, error }: WidgetProblemProps) {
  const { mode, report } = useRendererEnv();
  useEffect(() => {
    report(path, error);
  }, [report, path, error]);
  if (mode === 'production') return null;
  return (
    <div role="alert" className="widget-problem" data-node-path={path}>
      <code className="widget-problem__path">{path}</code>
      <span className="widget-problem__error">{describe(error)}</span>
    </div>
  );
}
