import { Children, isValidElement, type CSSProperties, type ReactNode } from 'react';
import { ItemLayoutProvider, type ItemLayout } from './item-layout';

export interface ItemListProps {
  layout: ItemLayout;
  className: string;
  style?: CSSProperties;
  id?: string;
  hidden?: boolean;
  children?: ReactNode;
}

/** True when a container received no renderable children (all gated out, or none configured). */
export function hasItems(children: ReactNode): boolean {
  return Children.toArray(children).some((c) => isValidElement(c));
}

/**
 * The list every container draws: one <li> per child node, each told how to lay itself out.
 * An item that renders nothing (e.g. an agent item its whitelist hides) leaves an empty <li>,
 * which the base stylesheet hides (li:empty).
 */
export function ItemList({ layout, className, style, id, hidden, children }: ItemListProps) {
  return (
    <ItemLayoutProvider value={layout}>
      <ul className={className} style={style} id={id} hidden={hidden}>
        {Children.map(children, (child) => (isValidElement(child) ? <li key={child.key}>{child}</li> : null))}
      </ul>
    </ItemLayoutProvider>
  );
}
