/** SPEC §4 "Purchased flag": subscriptions, events and packages (team passes by team) from the viewer's orders. */
import { describe, expect, it } from 'vitest';
import type { PackageFieldsFragment } from '../../mesh/client/generated/graphql';
import {
  isEventPurchased,
  isPackagePurchased,
  isPaidActiveOrder,
  isSubscriptionPurchased,
  type OrderFacts,
} from '../../machines/payment/purchased-flags';
import { order } from '../../machines/shared/commerce-fixtures';

/** A paid order whose period is over: paid, but no longer active. */
const lapsed = (o: OrderFacts): OrderFacts => ({ ...o, activity_status: 'inactive' });

const pkg = (overrides: Partial<Pick<PackageFieldsFragment, 'id' | 'is_team_pass' | 'event_categories' | 'participants'>> = {}) => ({
  id: 20,
  is_team_pass: false,
  event_categories: [1, 2],
  participants: [],
  ...overrides,
});

describe('purchased flags', () => {
  it('counts only paid, active orders', () => {
    expect(isPaidActiveOrder(order('paid'))).toBe(true);
    expect(isPaidActiveOrder(lapsed(order('paid')))).toBe(false);
    expect(isPaidActiveOrder(order('processing'))).toBe(false);
    expect(isPaidActiveOrder(order('failed'))).toBe(false);
    expect(isPaidActiveOrder({ ...order('refunded'), activity_status: 'active' })).toBe(false);
  });

  it('a subscription is purchased when a paid, active order of it exists', () => {
    const plan = order('paid', { type: 'subscription', productId: 3 });
    expect(isSubscriptionPurchased(3, [plan])).toBe(true);
    expect(isSubscriptionPurchased(4, [plan])).toBe(false);
    expect(isSubscriptionPurchased(3, [lapsed(plan), order('processing', { type: 'subscription', productId: 3 })])).toBe(false);
    // Event 3 is not plan 3.
    expect(isSubscriptionPurchased(3, [order('paid', { type: 'event', productId: 3 })])).toBe(false);
  });

  it('an event is purchased when a paid, active order of it exists', () => {
    expect(isEventPurchased(7, [order('paid', { productId: 7 })])).toBe(true);
    expect(isEventPurchased(7, [order('failed', { productId: 7 }), order('paid', { productId: 8 })])).toBe(false);
    expect(isEventPurchased(7, [order('paid', { type: 'package', productId: 7 })])).toBe(false);
    expect(isEventPurchased(7, [])).toBe(false);
  });

  it('a package is purchased when every one of its categories is covered by paid, active package orders', () => {
    const coversCategory = (category: number) => order('paid', { type: 'package', productId: 90 + category, categoryId: category });
    expect(isPackagePurchased(pkg(), [coversCategory(1), coversCategory(2)])).toBe(true);
    expect(isPackagePurchased(pkg(), [coversCategory(1)])).toBe(false);
    expect(isPackagePurchased(pkg(), [coversCategory(1), lapsed(coversCategory(2))])).toBe(false);
    // One game of a category is not the whole category.
    expect(isPackagePurchased(pkg(), [order('paid', { categoryId: 1 }), order('paid', { categoryId: 2 })])).toBe(false);
  });

  it('an order of the package itself covers its categories (the API leaves event_category_id empty on package orders)', () => {
    expect(isPackagePurchased(pkg(), [order('paid', { type: 'package', productId: 20 })])).toBe(true);
    expect(isPackagePurchased(pkg(), [lapsed(order('paid', { type: 'package', productId: 20 }))])).toBe(false);
  });

  it('a package without categories is purchased only when it was bought itself, never by default', () => {
    const freePass = pkg({ id: 21, event_categories: [] });
    expect(isPackagePurchased(freePass, [])).toBe(false);
    expect(isPackagePurchased(freePass, [order('paid', { type: 'package', productId: 22 })])).toBe(false);
    expect(isPackagePurchased(freePass, [order('paid', { type: 'package', productId: 21 })])).toBe(true);
  });

  it('a team pass is purchased when every one of its teams is covered, whatever covers the categories', () => {
    const teamPass = pkg({ is_team_pass: true, participants: [101, 102, null] });
    const team = (participantId: number) => order('paid', { type: 'package', productId: 20, participantId });
    expect(isPackagePurchased(teamPass, [team(101), team(102)])).toBe(true);
    expect(isPackagePurchased(teamPass, [team(101)])).toBe(false);
    expect(isPackagePurchased(teamPass, [team(101), lapsed(team(102))])).toBe(false);
    // Its own categories being covered does not make the teams purchased: SPEC says every participant instead.
    const categories = [1, 2].map((c) => order('paid', { type: 'package', productId: 90 + c, categoryId: c }));
    expect(isPackagePurchased(teamPass, categories)).toBe(false);
    // A team's order never covers a whole category.
    expect(isPackagePurchased(pkg(), [order('paid', { type: 'package', productId: 20, participantId: 101 })])).toBe(false);
  });

  it('a team pass that lists no teams falls back to its categories', () => {
    const noTeams = pkg({ is_team_pass: true, participants: [] });
    expect(isPackagePurchased(noTeams, [order('paid', { type: 'package', productId: 20 })])).toBe(true);
    expect(isPackagePurchased(noTeams, [])).toBe(false);
  });
});
