import './styles.css';
import { useId } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import type { MenuListProps } from '../../src/generated/widgets/menu-list';
import { hasItems, ItemList } from '../../src/components/item-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

function MenuList({ title, variant = 'plain', children }: WidgetComponentProps<MenuListProps>) {
  const { t } = useTranslation();
  const headingId = useId();
  // A heading over an empty list reads as a broken screen: with every item gated out, show nothing.
  if (!hasItems(children)) return null;
  return (
    <section className={`menu-list menu-list--${variant}`} aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <h2 id={headingId} className="menu-list__title">
          {t(title)}
        </h2>
      ) : null}
      <ItemList layout="row" className="menu-list__items">
        {children}
      </ItemList>
    </section>
  );
}

export default defineWidget<MenuListProps>({
  name: 'menu-list',
  version: '1.0.0',
  propsSchema,
  defaults: { variant: 'plain' },
  component: MenuList,
});
