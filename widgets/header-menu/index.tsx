import './styles.css';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeaderMenuProps } from '../../src/generated/widgets/header-menu';
import { Icon } from '../../src/lib/icons';
import { hasItems, ItemList } from '../../src/lib/item-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

function HeaderMenu({ children }: WidgetComponentProps<HeaderMenuProps>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A popover closes on a tap outside it and on Escape (focus returns to the toggle).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (!hasItems(children)) return null;

  // Choosing an item (link or action) also closes the menu.
  const onItemClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target instanceof Element && e.target.closest('.header-menu__list a, .header-menu__list button')) setOpen(false);
  };

  return (
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
