import './styles.css';
import { lazy, Suspense } from 'react';
import type { CategoryMenuProps } from '../../src/generated/widgets/category-menu';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** Below the fold: the menu, its game lists and the game tiles load in their own chunk. */
const Menu = lazy(() => import('./category-menu'));

function CategoryMenu({ gamesShown = 12 }: WidgetComponentProps<CategoryMenuProps>) {
  return (
    <Suspense fallback={<section className="category-menu category-menu--loading" aria-hidden="true" />}>
      <Menu gamesShown={gamesShown} />
    </Suspense>
  );
}

export default defineWidget<CategoryMenuProps>({
  name: 'category-menu',
  version: '1.0.0',
  propsSchema,
  defaults: { gamesShown: 12 },
  component: CategoryMenu,
});
