import './styles.css';
import type { CSSProperties } from 'react';
import type { TileGridProps } from '../../src/generated/widgets/tile-grid';
import { hasItems, ItemList } from '../../src/components/item-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

function TileGrid({ columns = 4, children }: WidgetComponentProps<TileGridProps>) {
  if (!hasItems(children)) return null;
  return (
    <ItemList layout="tile" className="tile-grid" style={{ '--tile-columns': columns } as CSSProperties}>
      {children}
    </ItemList>
  );
}

export default defineWidget<TileGridProps>({
  name: 'tile-grid',
  version: '1.0.0',
  propsSchema,
  defaults: { columns: 4 },
  component: TileGrid,
});
