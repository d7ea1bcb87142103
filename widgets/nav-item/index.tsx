import './styles.css';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { NavLink } from 'react-router-dom';
import type { NavItemProps } from '../../src/generated/widgets/nav-item';
import { Icon } from '../../src/components/icons';
import { useItemLayout } from '../../src/components/item-layout';
import { useBadge, useRuntimeActions, useRuntimeState, useTenant, type BadgeName } from '../../src/lib/runtime';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** Unread counters show as a dot (spec: "red dot when unread count is above 0"); others as a number. */
const DOT_BADGES: readonly BadgeName[] = ['unreadMessages', 'agentNoticeUnread'];
const MAX_COUNT = 99;

function NavItem(props: WidgetComponentProps<NavItemProps>) {
  const { label, icon, activeLabel, activeIcon, badge, badgeText, emphasis, menuKey } = props;
  const { t } = useTranslation();
  const tenant = useTenant();
  const { dispatch, requireLogin, signedIn } = useRuntimeActions();
  const layout = useItemLayout();
  // Each item reads only what it shows: a badge count or the balance toggle re-renders the items that use them.
  const count = useBadge(badge);
  // Asked at tap time: a member's tap during hydration is still a member's.
  const needsLogin = () => props.protected === true && !signedIn();
  const active = useRuntimeState((state) => props.action === 'toggleBalance' && state.balanceHidden);

  if (menuKey !== undefined && !tenant.agentMenu.whitelist.includes(menuKey)) return null;

  const shownLabel = active && activeLabel ? activeLabel : label;
  const shownIcon = active && activeIcon ? activeIcon : icon;
  const className = ['nav-item', `nav-item--${layout}`, emphasis ? 'nav-item--emphasis' : ''].filter(Boolean).join(' ');
  const countText = count > MAX_COUNT ? `${MAX_COUNT}+` : String(count);

  const content = (
    <>
      {shownIcon ? (
        <span className="nav-item__icon">
          <Icon name={shownIcon} />
        </span>
      ) : null}
      <span className="nav-item__label">{t(shownLabel)}</span>
      {badgeText ? <span className="nav-item__tag">{t(badgeText)}</span> : null}
      {count > 0 && badge && DOT_BADGES.includes(badge) ? (
        <span className="nav-item__dot">
          <span className="visually-hidden">{countText}</span>
        </span>
      ) : null}
      {count > 0 && badge && !DOT_BADGES.includes(badge) ? <span className="nav-item__count">{countText}</span> : null}
      {layout === 'row' ? (
        <span className="nav-item__chevron">
          <Icon name="chevron-right" />
        </span>
      ) : null}
    </>
  );

  if (props.to !== undefined) {
    const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
      if (!needsLogin()) return;
      e.preventDefault();
      requireLogin();
    };
    return (
      <NavLink to={props.to} end className={className} onClick={onClick}>
        {content}
      </NavLink>
    );
  }

  const action = props.action;
  const onClick = () => {
    if (needsLogin()) requireLogin();
    else if (action) dispatch(action);
  };
  return (
    <button type="button" className={className} onClick={onClick}>
      {content}
    </button>
  );
}

export default defineWidget<NavItemProps>({
  name: 'nav-item',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: NavItem,
});
