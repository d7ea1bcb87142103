import './figure-pairs.css';
import type { ReactNode } from 'react';

export interface FigurePair {
  /** Unique among the pairs; also names the value for tests (`data-testid`) when `testId` is set. */
  id: string;
  label: ReactNode;
  value: ReactNode;
  testId?: string;
}

/** Figures in two columns, each a muted label over its value; `strong` sets the values large and bold. */
export function FigurePairs({ pairs, strong = false }: { pairs: readonly FigurePair[]; strong?: boolean }) {
  return (
    <dl className={strong ? 'figure-pairs figure-pairs--strong' : 'figure-pairs'}>
      {pairs.map((pair) => (
        <div key={pair.id}>
          <dt>{pair.label}</dt>
          <dd data-testid={pair.testId}>{pair.value}</dd>
        </div>
      ))}
    </dl>
  );
}
