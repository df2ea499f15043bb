import type { Db } from '../db/database';

/**
 * What a viewer's purchases give access to (SPEC.md §4 "purchased flag"). An order grants while it is paid and
 * before its `expires_at`:
 * - an event order: that event;
 * - a package or pass: every event in its categories (a category covers its sub-categories);
 * - a team pass: the chosen team's events (within the pass's categories, when it lists any);
 * - a subscription: every event of the channel (the plans are all-access).
 */
export interface Grants {
  allAccess: boolean;
  events: Set<number>;
  /** Packages bought directly. */
  packages: Set<number>;
  /** Categories covered by packages and passes (not team passes). */
  categories: Set<number>;
  teams: Array<{ participantId: number; categories: number[] }>;
  subscriptions: Set<number>;
  /** Category id to parent id, for the viewer's channel. */
  parents: Map<number, number | null>;
}

/** SQL condition on an order aliased `o`: paid and not lapsed at `now` (a bound parameter, `?` by default). */
export const activeOrderSql = (now = '?'): string => `(o.status = 'paid' AND (o.expires_at IS NULL OR o.expires_at > ${now}))`;

interface ActiveOrder {
  type: 'event' | 'package' | 'subscription';
  product_id: number;
  participant_id: number | null;
}

/** The viewer's grants at `now`, or null when nothing grants anything (the common, cheap case). */
export function viewerGrants(db: Db, userId: number, now: number): Grants | null {
  const orders = db
    .prepare<[number, number], ActiveOrder>(`SELECT o.type, o.product_id, o.participant_id FROM orders o WHERE o.user_id = ? AND ${activeOrderSql()}`)
    .all(userId, now);
  if (orders.length === 0) return null;
  const packageIds = orders.filter((o) => o.type === 'package').map((o) => o.product_id);
  const categoriesOf = new Map<number, number[]>();
  for (const row of db
    .prepare<[string], { package_id: number; event_category_id: number }>(
      'SELECT package_id, event_category_id FROM package_categories WHERE package_id IN (SELECT value FROM json_each(?))',
    )
    .all(JSON.stringify(packageIds))) {
    categoriesOf.set(row.package_id, [...(categoriesOf.get(row.package_id) ?? []), row.event_category_id]);
  }
  const parents = new Map(
    db
      .prepare<[number], { id: number; parent_id: number | null }>(
        'SELECT c.id, c.parent_id FROM event_categories c JOIN users u ON u.channel_id = c.channel_id WHERE u.id = ?',
      )
      .all(userId)
      .map((c) => [c.id, c.parent_id]),
  );
  const grants: Grants = {
    allAccess: false,
    events: new Set(),
    packages: new Set(),
    categories: new Set(),
    teams: [],
    subscriptions: new Set(),
    parents,
  };
  for (const order of orders) {
    if (order.type === 'event') grants.events.add(order.product_id);
    if (order.type === 'subscription') {
      grants.allAccess = true;
      grants.subscriptions.add(order.product_id);
    }
    if (order.type === 'package') {
      grants.packages.add(order.product_id);
      const categories = categoriesOf.get(order.product_id) ?? [];
      if (order.participant_id === null) categories.forEach((c) => grants.categories.add(c));
      else grants.teams.push({ participantId: order.participant_id, categories });
    }
  }
  return grants;
}

/** A category and its ancestors. */
function lineage(grants: Grants, categoryId: number | null): number[] {
  const out: number[] = [];
  for (let id = categoryId; id !== null && id !== undefined && !out.includes(id); id = grants.parents.get(id) ?? null) out.push(id);
  return out;
}

export function coversCategory(grants: Grants, categoryId: number): boolean {
  return grants.allAccess || lineage(grants, categoryId).some((c) => grants.categories.has(c));
}

export function coversTeam(grants: Grants, participantId: number): boolean {
  return grants.allAccess || grants.teams.some((t) => t.participantId === participantId);
}

/** Whether the grants cover one event, given its category and teams. */
export function coversEvent(grants: Grants, event: { id: number; categoryId: number | null; participantIds: number[] }): boolean {
  if (grants.allAccess || grants.events.has(event.id)) return true;
  const categories = lineage(grants, event.categoryId);
  if (categories.some((c) => grants.categories.has(c))) return true;
  return grants.teams.some(
    (t) => event.participantIds.includes(t.participantId) && (t.categories.length === 0 || categories.some((c) => t.categories.includes(c))),
  );
}

/** Loads what `coversEvent` needs about an event. */
export function eventCoverageFacts(db: Db, eventId: number): { id: number; categoryId: number | null; participantIds: number[] } {
  const row = db.prepare<[number], { event_category_id: number | null }>('SELECT event_category_id FROM events WHERE id = ?').get(eventId);
  const participantIds = db
    .prepare<[number], { participant_id: number }>('SELECT participant_id FROM event_participants WHERE event_id = ?')
    .all(eventId)
    .map((r) => r.participant_id);
  return { id: eventId, categoryId: row?.event_category_id ?? null, participantIds };
}

/** What `GET /user/access` lists: ids of events, packages and subscriptions the viewer has active orders of. */
export function viewerPurchases(db: Db, userId: number, now: number): { events: number[]; packages: number[]; subscriptions: number[] } {
  const grants = viewerGrants(db, userId, now);
  const sorted = (ids: Set<number> | undefined) => [...(ids ?? [])].sort((a, b) => a - b);
  return { events: sorted(grants?.events), packages: sorted(grants?.packages), subscriptions: sorted(grants?.subscriptions) };
}
