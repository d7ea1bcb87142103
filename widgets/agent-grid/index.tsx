import './styles.css';
import type { CSSProperties } from 'react';
import type { AgentGridProps } from '../../src/generated/widgets/agent-grid';
import { hasItems, ItemList } from '../../src/components/item-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

function AgentGrid({ columns = 4, children }: WidgetComponentProps<AgentGridProps>) {
  if (!hasItems(children)) return null;
  return (
    <ItemList layout="agent" className="agent-grid" style={{ '--agent-columns': columns } as CSSProperties}>
      {children}
    </ItemList>
  );
}

export default defineWidget<AgentGridProps>({
  name: 'agent-grid',
  version: '1.0.0',
  propsSchema,
  defaults: { columns: 4 },
  component: AgentGrid,
});
