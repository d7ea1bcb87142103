import './styles.css';
import type { FooterMenuProps } from '../../src/generated/widgets/footer-menu';
import { hasItems, ItemList } from '../../src/components/item-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

function FooterMenu({ children }: WidgetComponentProps<FooterMenuProps>) {
  if (!hasItems(children)) return null;
  return (
    <nav className="footer-menu">
      <ItemList layout="footer" className="footer-menu__items">
        {children}
      </ItemList>
    </nav>
  );
}

export default defineWidget<FooterMenuProps>({
  name: 'footer-menu',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: FooterMenu,
});
