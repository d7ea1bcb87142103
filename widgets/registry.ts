import type { RegisteredWidget } from '../src/lib/widget';
import agentGrid from './agent-grid';
import changePasswordForm from './change-password-form';
import footerMenu from './footer-menu';
import forgotPasswordForm from './forgot-password-form';
import headerMenu from './header-menu';
import loginForm from './login-form';
import menuList from './menu-list';
import navItem from './nav-item';
import quickButtons from './quick-buttons';
import registerForm from './register-form';
import setPasswordSmsForm from './set-password-sms-form';
import tileGrid from './tile-grid';

/** Every widget a tenant may name, by name. The tenant validator and the renderer both read this map. */
export const registry: Readonly<Record<string, RegisteredWidget>> = {
  'agent-grid': agentGrid,
  'change-password-form': changePasswordForm,
  'footer-menu': footerMenu,
  'forgot-password-form': forgotPasswordForm,
  'header-menu': headerMenu,
  'login-form': loginForm,
  'menu-list': menuList,
  'nav-item': navItem,
  'quick-buttons': quickButtons,
  'register-form': registerForm,
  'set-password-sms-form': setPasswordSmsForm,
  'tile-grid': tileGrid,
};
