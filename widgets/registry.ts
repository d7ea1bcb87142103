import type { RegisteredWidget } from '../src/lib/widget';
import agentGrid from './agent-grid';
import footerMenu from './footer-menu';
import headerMenu from './header-menu';
import menuList from './menu-list';
import navItem from './nav-item';
import quickButtons from './quick-buttons';
import tileGrid from './tile-grid';

/** Every widget a tenant may name, by name. The tenant validator and the renderer both read this map. */
export const registry: Readonly<Record<string, RegisteredWidget>> = {
  'agent-grid': agentGrid,
  'footer-menu': footerMenu,
  'header-menu': headerMenu,
  'menu-list': menuList,
  'nav-item': navItem,
  'quick-buttons': quickButtons,
  'tile-grid': tileGrid,
};
