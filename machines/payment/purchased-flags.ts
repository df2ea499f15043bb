/**
 * SPEC §4 "Purchased flag": whether the viewer already owns a subscription, a package or an event, derived from
 * their orders. Pure functions, not a machine: nothing here changes over time by itself, it is a reading of the
 * orders list (the profile's orders, or what the payment machine loads before a purchase).
 *
 * Only paid, active orders count (status `paid`, activity_status `active`); the lists may hold others.
 */
import type { OrderActivityStatus, OrderStatus, PurchaseType } from '../../mesh/client/generated/graphql';

/** What the flags read of an order (the `OrderFields` fragment has all of it). */
export interface OrderFacts {
  type: PurchaseType;
  status: OrderStatus;
  activity_status: OrderActivityStatus;
  product: { id: number; event_category_id: number | null; participant_id: number | null };
}

/** What the flags read of a package (the `PackageFields` fragment has all of it). */
export interface PackageFacts {
  id: number;
  is_team_pass: boolean;
  event_categories: ReadonlyArray<number | null>;
  participants: ReadonlyArray<number | null>;
}

export function isPaidActiveOrder(order: OrderFacts): boolean {
  return order.status === 'paid' && order.activity_status === 'active';
}

/** A subscription is purchased when a paid, active order of it exists. */
export function isSubscriptionPurchased(subscriptionId: number, orders: readonly OrderFacts[]): boolean {
  return orders.some((o) => isPaidActiveOrder(o) && o.type === 'subscription' && o.product.id === subscriptionId);
}

/** An event is purchased when a paid, active order of it exists. */
export function isEventPurchased(eventId: number, orders: readonly OrderFacts[]): boolean {
  return orders.some((o) => isPaidActiveOrder(o) && o.type === 'event' && o.product.id === eventId);
}

const present = (ids: ReadonlyArray<number | null>): number[] => ids.filter((id): id is number => id !== null);

/**
 * A package is purchased when every one of its event categories is covered by paid, active orders; a team pass
 * when every one of its teams (participants) is.
 *
 * Where SPEC is silent:
 * - A category is covered by a package order (not a team's) whose product names that category, or by an order of
 *   this very package (the reference API leaves `event_category_id` empty on package orders, so without this rule a
 *   bought package would never read as bought). An event order never covers a category: one game is not the season.
 * - A team is covered by any paid, active order for that team (`participant_id`), i.e. a team pass of it.
 * - A package that lists no categories (a free or register pass) is purchased when it was bought itself; a team pass
 *   that lists no teams falls back to its categories. `every` over an empty list would otherwise say "purchased".
 */
export function isPackagePurchased(pkg: PackageFacts, orders: readonly OrderFacts[]): boolean {
  const paid = orders.filter(isPaidActiveOrder);
  const teams = present(pkg.participants);
  if (pkg.is_team_pass && teams.length > 0) {
    return teams.every((team) => paid.some((o) => o.product.participant_id === team));
  }
  const ownOrder = paid.some((o) => o.type === 'package' && o.product.id === pkg.id && o.product.participant_id === null);
  const categories = present(pkg.event_categories);
  if (categories.length === 0 || ownOrder) return ownOrder;
  return categories.every((category) =>
    paid.some((o) => o.type === 'package' && o.product.participant_id === null && o.product.event_category_id === category),
  );
}
