import './styles.css';
import { type MouseEvent } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import type { HeaderMenuProps } from '../../src/generated/widgets/header-menu';
import { Icon } from '../../src/components/icons';
import { hasItems, ItemList } from '../../src/components/item-list';
import { usePopover } from '../../src/components/use-popover';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

function HeaderMenu({ children }: WidgetComponentProps<HeaderMenuProps>) {
  const { t } = useTranslation();
  const { open, setOpen, listId, rootRef, toggleRef } = usePopover();

  if (!hasItems(children)) return null;

  // Choosing an item (link or action) also closes the menu.
  const onItemClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target instanceof Element && e.target.closest('.header-menu__list a, .header-menu__list button')) setOpen(false);
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- catches the click of an item's own link or button (Enter on one fires it too); the div is no control itself
    <div className="header-menu" ref={rootRef} onClick={onItemClick}>
      <button
        ref={toggleRef}
        type="button"
        className="header-menu__toggle"
        aria-label={t('menu')}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name={open ? 'close' : 'menu'} />
      </button>
      <ItemList layout="popover" className="header-menu__list" id={listId} hidden={!open}>
        {children}
      </ItemList>
    </div>
  );
}

export default defineWidget<HeaderMenuProps>({
  name: 'header-menu',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: HeaderMenu,
});
