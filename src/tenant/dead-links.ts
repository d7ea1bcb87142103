/**
 * Dead links of tenant content: a link (a widget prop marked `x-route`: a popup's go-to, a banner's,
 * a notice bar's or a menu item's target, a quick button) to a route the tenant does not show. A
 * route the whitelist leaves out, or whose gate in the route manifest is closed for the tenant (its
 * flag off, its setting falsy, its promotion type not enabled), sends the player home: the link
 * promises a page it never opens. A link is dead only where it can be seen: its node, an enclosing
 * node or its screen closed for this tenant whatever the visitor means it never shows.
 */
import type { Json } from '../lib/merge-patch';
import { readPath } from '../lib/gates';
import { isRouteAllowed } from '../lib/layout-rules';
import { pathOf, routeById, routeFor, ROUTE_IDS, type RouteDef, type RouteId } from '../lib/routes';
import type { WhiteLabelFlags } from '../generated/tenant';

type Obj = { [key: string]: Json };

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the tenant decides before any visit: its flags, settings and whitelist. */
export interface TenantFacts {
  flags: Partial<WhiteLabelFlags>;
  settings: Obj;
  whitelist: readonly string[];
}

export function tenantFacts(resolved: Obj): TenantFacts {
  const routes = isObj(resolved.routes) ? resolved.routes : {};
  const whitelist = Array.isArray(routes.whitelist) ? routes.whitelist.filter((w): w is string => typeof w === 'string').map((w) => routeFor(w)?.path ?? w) : [];
  return {
    flags: (isObj(resolved.flags) ? resolved.flags : {}) as Partial<WhiteLabelFlags>,
    settings: isObj(resolved.settings) ? resolved.settings : {},
    whitelist,
  };
}

/** Why a route's gate is closed for the tenant, in words, or null when it is open. */
function gateClosedReason(route: Pick<RouteDef, 'gate'>, facts: TenantFacts): string | null {
  const { gate } = route;
  if (gate === undefined) return null;
  if (gate.flag !== undefined) return facts.flags[gate.flag] === true ? null : `flag ${gate.flag} is off`;
  if (gate.setting !== undefined) return readPath(facts.settings, gate.setting) ? null : `setting ${gate.setting} is off`;
  const promos = readPath(facts.settings, 'promotions');
  return Array.isArray(promos) && promos.includes(gate.promo) ? null : `promotion ${gate.promo} is not enabled (/settings/promotions)`;
}

/**
 * Why a link target leads nowhere for the tenant (not whitelisted, or gated off), or null when the
 * route opens. Unknown paths are the route table's problem, not this rule's: null.
 */
export function deadLinkReason(target: string, facts: TenantFacts): string | null {
  const route = routeFor(target);
  if (!route) return null;
  if (!isRouteAllowed(route.path, facts.whitelist)) return `route "${pathOf(target)}" is not in /routes/whitelist`;
  const closed = gateClosedReason(route, facts);
  return closed ? `route "${pathOf(target)}" is gated off for this tenant (${closed}): the link sends players home` : null;
}

/** A gate as far as the tenant alone decides it: open or closed for everyone, or depends on the visit. */
type Decided = 'open' | 'closed' | 'depends';

/**
 * Evaluates a node's gate on what the tenant file decides (flags, settings, promotions); what the
 * visit decides (session, member type, install mode, upline) is `depends`.
 */
export function decideGate(gate: Json | undefined, facts: TenantFacts): Decided {
  if (!isObj(gate)) return 'open';
  if (typeof gate.flag === 'string') return facts.flags[gate.flag as keyof WhiteLabelFlags] === true ? 'open' : 'closed';
  if (isObj(gate.setting) && typeof gate.setting.path === 'string') {
    const value = readPath(facts.settings, gate.setting.path);
    const holds = gate.setting.equals === undefined ? Boolean(value) : value === gate.setting.equals;
    return holds ? 'open' : 'closed';
  }
  if (typeof gate.promo === 'string') {
    const promos = readPath(facts.settings, 'promotions');
    return Array.isArray(promos) && promos.includes(gate.promo) ? 'open' : 'closed';
  }
  if (Array.isArray(gate.all)) {
    const parts = gate.all.map((g) => decideGate(g, facts));
    return parts.includes('closed') ? 'closed' : parts.includes('depends') ? 'depends' : 'open';
  }
  if (Array.isArray(gate.any)) {
    const parts = gate.any.map((g) => decideGate(g, facts));
    return parts.includes('open') ? 'open' : parts.includes('depends') ? 'depends' : 'closed';
  }
  if (gate.not !== undefined) {
    const inner = decideGate(gate.not, facts);
    return inner === 'open' ? 'closed' : inner === 'closed' ? 'open' : 'depends';
  }
  return 'depends';
}

/** Whether the screen of a `/screens/<key>/...` pointer can show for the tenant (the shell always does). */
function screenShows(ptr: string, facts: TenantFacts): boolean {
  const key = /^\/screens\/([^/]+)/.exec(ptr)?.[1];
  if (!key || !ROUTE_IDS.has(key)) return true;
  return deadLinkReason(routeById(key as RouteId).path, facts) === null;
}

/**
 * Whether a node at `nodePtr` can show for the tenant: its screen shows and neither it nor an
 * enclosing node (`nodes`: every node's pointer and gate) is closed by the tenant's own facts.
 */
export function nodeCanShow(nodePtr: string, nodes: readonly { ptr: string; node: Obj }[], facts: TenantFacts): boolean {
  if (!screenShows(nodePtr, facts)) return false;
  for (const { ptr, node } of nodes) {
    if (nodePtr !== ptr && !nodePtr.startsWith(`${ptr}/`)) continue;
    if (decideGate(node.gate, facts) === 'closed') return false;
  }
  return true;
}
