import { href } from '../../lib/routes';
/** The security centre's views (/m/securityCenter?view=<slot>): each is a slot of screens.securityCenter. */
export const SECURITY_HUB_VIEW = 'hub';

const SECURITY_CENTRE_PATH = href('securityCenter');

/** The address of one view of the security centre. */
export function securityViewPath(view: string): string {
  return view === SECURITY_HUB_VIEW ? SECURITY_CENTRE_PATH : `${SECURITY_CENTRE_PATH}?view=${encodeURIComponent(view)}`;
}

/**
 * The slot a query selects: `?view=<name>` when the tenant's screen has a slot of that name, else
 * the hub. Any slot is reachable by name, so a slot added to the tenant later needs no code.
 */
export function securityViewOf(search: string, slots: Readonly<Record<string, unknown>>): string {
  const view = new URLSearchParams(search).get('view');
  return view && Object.prototype.hasOwnProperty.call(slots, view) ? view : SECURITY_HUB_VIEW;
}
