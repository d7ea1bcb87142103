import './styles.css';
import type { QuickButtonsProps } from '../../src/generated/widgets/quick-buttons';
import { hasItems, ItemList } from '../../src/components/item-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

function QuickButtons({ children }: WidgetComponentProps<QuickButtonsProps>) {
  if (!hasItems(children)) return null;
  return (
    <ItemList layout="quick" className="quick-buttons">
      {children}
    </ItemList>
  );
}

export default defineWidget<QuickButtonsProps>({
  name: 'quick-buttons',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: QuickButtons,
});
