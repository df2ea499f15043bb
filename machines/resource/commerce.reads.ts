/**
 * The commerce reads (SPEC §2 /packages, /buy and /select-package/{id}; §7 Payments): the channel's offers and one
 * offer made ready to be paid (what the payment machine is started with). The viewer's saved cards are the payment
 * and free-trial machines' own reading (`loadSavedCards`, machines/card-entry/card-entry.actors.ts). They go to
 * the client itself, never through the store cache: whether something is purchased is the viewer's and changes with
 * each payment.
 */
import { EventPurchaseDocument } from '../../mesh/client/generated/documents/EventPurchase';
import { PackageDocument } from '../../mesh/client/generated/documents/Package';
import { PackagesDocument } from '../../mesh/client/generated/documents/Packages';
import { ParticipantsDocument } from '../../mesh/client/generated/documents/Participants';
import { SubscriptionPlanDocument } from '../../mesh/client/generated/documents/SubscriptionPlan';
import type { ChannelClient } from '../../mesh/client/transport';
import type {
  BillingPeriod,
  EventCardFragment,
  PackageFieldsFragment,
  PassKind,
  SubscriptionPlanFieldsFragment,
} from '../../mesh/client/generated/graphql';
import type { PurchaseSelection } from '../payment/payment.types';
import { defineRead, present } from './read';

/** @public */
export type Pass = PackageFieldsFragment;
/** @public */
export type SubscriptionPlan = SubscriptionPlanFieldsFragment;

/** The channel's offers as /packages shows them: passes and packages (not the single-event ones) and plans. */
export interface Offers {
  passes: Pass[];
  subscriptions: SubscriptionPlan[];
}

export const offersRead = defineRead<null, Offers>('offers', async ({ client }, _params, signal) => {
  const { packages, subscriptions } = await client.request(PackagesDocument, {}, { signal });
  const byWeight = <T extends { weight: number }>(a: T, b: T) => a.weight - b.weight;
  return {
    // A single-event package is bought from its game, never from the catalogue.
    passes: present(packages?.data).filter((pass) => pass.event_id === null).sort(byWeight),
    subscriptions: present(subscriptions?.data).sort(byWeight),
  };
});

/**
 * How /packages presents a pass to the viewer: on offer, bought, included in a subscription they have (which
 * covers every game, so the API says purchased for passes never bought), or the basic pass they chose.
 */
export type PassStanding = 'available' | 'purchased' | 'included' | 'basicPass';

export function passStanding(pass: Pass, offers: Offers): PassStanding {
  if (!pass.is_purchased) return 'available';
  if (pass.type === 'free' || pass.type === 'register') return 'basicPass';
  return offers.subscriptions.some((plan) => plan.status === 'active' && plan.is_purchased) ? 'included' : 'purchased';
}

/** What a checkout page sells: a package (/select-package/{id}, /buy?package_id), a plan, or one paid game. */
export type CheckoutTarget =
  | { type: 'package'; id: number }
  | { type: 'subscription'; id: number }
  | { type: 'event'; id: number; singleEventPackageId: number };

/** A team a team pass may be bought for. */
export interface TeamChoice {
  id: number;
  name: string;
}

/** One offer, ready to be paid: the payment's selection and what the page shows about it. */
export interface CheckoutOffer {
  selection: PurchaseSelection & { id: number };
  name: string;
  description: string;
  /** Cents, before a promo code: the base price and the service fee, which add up to `selection.price`. */
  basePrice: number;
  serviceFee: number;
  currency: string;
  period: BillingPeriod | null;
  /** Free days before the first charge of a plan; 0 without a trial. */
  trialDays: number;
  kind: PassKind | null;
  /** A team pass's teams the viewer does not have yet, in the pass's order; empty otherwise. */
  teams: TeamChoice[];
  /** The game, when one paid game is sold. */
  event: EventCardFragment | null;
  /** The plan, with the viewer's standing (status, auto-renewal), when a plan is sold. */
  plan: SubscriptionPlan | null;
}

function packageOffer(pass: Pass, teams: TeamChoice[]): CheckoutOffer {
  return {
    selection: {
      type: 'package',
      id: pass.id,
      name: pass.name,
      currency: pass.currency,
      price: pass.price,
      owned: pass.is_purchased,
      isTeamPass: pass.is_team_pass,
      eventCategoryIds: present(pass.event_categories),
      participantIds: present(pass.participants),
    },
    name: pass.name,
    description: pass.description,
    basePrice: pass.base_price,
    serviceFee: pass.service_fee,
    currency: pass.currency,
    period: pass.period ?? null,
    trialDays: 0,
    kind: pass.type,
    teams,
    event: null,
    plan: null,
  };
}

export const checkoutRead = defineRead<CheckoutTarget, CheckoutOffer>('checkout', async ({ client }, target, signal) => {
  if (target.type === 'subscription') {
    const { subscription: plan } = await client.request(SubscriptionPlanDocument, { id: target.id }, { signal });
    if (!plan) throw new Error(`Subscription ${target.id} was not answered`);
    return {
      selection: { type: 'subscription', id: plan.id, name: plan.name, currency: plan.currency, price: plan.price, owned: plan.is_purchased },
      name: plan.name,
      description: plan.description,
      basePrice: plan.base_price,
      serviceFee: plan.service_fee,
      currency: plan.currency,
      period: plan.period,
      trialDays: plan.trial_period,
      kind: null,
      teams: [],
      event: null,
      plan,
    };
  }
  if (target.type === 'event') return eventOffer(client, target.id, target.singleEventPackageId, signal);
  const { package: pass } = await client.request(PackageDocument, { id: target.id }, { signal });
  if (!pass) throw new Error(`Package ${target.id} was not answered`);
  // A single-event package is sold as its game (the API refuses it as a package).
  if (pass.event_id !== null) return eventOffer(client, pass.event_id, pass.id, signal);
  if (!pass.is_team_pass) return packageOffer(pass, []);
  const { participants } = await client.request(ParticipantsDocument, { noLimit: 1 }, { signal });
  const names = new Map(present(participants?.data).map((team) => [team.id, team.name]));
  // A team the viewer already has (a team pass of it, or a subscription or season pass covering its games) is not
  // offered again: the API would refuse it.
  const owned = new Set(present(pass.purchased_participants));
  const teams = present(pass.participants)
    .filter((id) => !owned.has(id))
    .map((id) => ({ id, name: names.get(id) ?? `#${id}` }));
  return packageOffer(pass, teams);
});

/** One paid game with its single-event package, as the payment sells it. */
async function eventOffer(client: ChannelClient, eventId: number, singleEventPackageId: number, signal: AbortSignal): Promise<CheckoutOffer> {
  const { event, package: single } = await client.request(EventPurchaseDocument, { eventId, singleEventPackageId }, { signal });
  if (!event || !single) throw new Error(`Event ${eventId} or its package was not answered`);
  return {
    selection: {
      type: 'event',
      id: event.id,
      name: event.name,
      currency: event.currency,
      price: event.base_price + event.service_fee,
      isPaid: event.type === 'paid',
      singleEventPackageId: event.single_event_package_id,
    },
    name: event.name,
    description: single.description,
    basePrice: event.base_price,
    serviceFee: event.service_fee,
    currency: event.currency,
    period: null,
    trialDays: 0,
    kind: single.type,
    teams: [],
    event,
    plan: null,
  };
}
