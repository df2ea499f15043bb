import type { Db } from '../db/database';
import type { ChannelRow } from './channels';
import { invalid, notFound } from './errors';
import { coversCategory, coversEvent, coversTeam, eventCoverageFacts, type Grants, viewerGrants } from './purchases';
import { Conditions, type Page, selectPage } from './queries';
import { chosenBasicPass } from './users';

export type PassKind = 'free' | 'paid' | 'register' | 'ppv';
export type BillingPeriod = 'annual' | 'month' | 'monthly';
export type PurchaseType = 'event' | 'package' | 'subscription';

export interface PackageRow {
  id: number;
  channel_id: number;
  name: string;
  description: string;
  type: PassKind;
  base_price: number;
  service_fee: number;
  is_team_pass: number;
  weight: number;
  offer: 'annual' | 'other' | null;
  period: BillingPeriod | null;
  event_id: number | null;
}

export interface SubscriptionRow {
  id: number;
  channel_id: number;
  name: string;
  description: string;
  base_price: number;
  service_fee: number;
  offer: 'annual' | 'other';
  period: BillingPeriod;
  trial_period: number;
  weight: number;
}

const DAY = 86_400;
/** SPEC.md §9: a monthly cycle is 30 days. */
const MONTH_SECONDS = 30 * DAY;

/**
 * When a period that starts at `start` ends (SPEC.md §9): month and monthly after 30 days, annual after 12 calendar
 * months (the same day and time next year; 29 February becomes 28 February).
 */
export function periodEnd(start: number, period: BillingPeriod): number {
  if (period !== 'annual') return start + MONTH_SECONDS;
  const date = new Date(start * 1000);
  const next = new Date(date);
  next.setUTCFullYear(date.getUTCFullYear() + 1);
  if (next.getUTCMonth() !== date.getUTCMonth()) next.setUTCDate(0);
  return Math.floor(next.getTime() / 1000);
}

export function findPackage(db: Db, channelId: number, id: number, field = 'id'): PackageRow {
  const row = db.prepare<[number, number], PackageRow>('SELECT * FROM packages WHERE id = ? AND channel_id = ?').get(id, channelId);
  if (!row) throw notFound(field, 'Package');
  return row;
}

export function findSubscription(db: Db, channelId: number, id: number, field = 'id'): SubscriptionRow {
  const row = db.prepare<[number, number], SubscriptionRow>('SELECT * FROM subscriptions WHERE id = ? AND channel_id = ?').get(id, channelId);
  if (!row) throw notFound(field, 'Subscription');
  return row;
}

interface PackageLinks {
  categories: Array<{ id: number; name: string }>;
  participants: number[];
}

function packageLinks(db: Db, ids: number[]): Map<number, PackageLinks> {
  const links = new Map<number, PackageLinks>(ids.map((id) => [id, { categories: [], participants: [] }]));
  const list = JSON.stringify(ids);
  for (const row of db
    .prepare<[string], { package_id: number; id: number; name: string }>(
      `SELECT pc.package_id, c.id, c.name FROM package_categories pc JOIN event_categories c ON c.id = pc.event_category_id
       WHERE pc.package_id IN (SELECT value FROM json_each(?)) ORDER BY pc.package_id, pc.position`,
    )
    .all(list)) {
    links.get(row.package_id)?.categories.push({ id: row.id, name: row.name });
  }
  for (const row of db
    .prepare<[string], { package_id: number; participant_id: number }>(
      `SELECT package_id, participant_id FROM package_participants WHERE package_id IN (SELECT value FROM json_each(?))
       ORDER BY package_id, position`,
    )
    .all(list)) {
    links.get(row.package_id)?.participants.push(row.participant_id);
  }
  return links;
}

/** The teams a team pass offers (empty for other packages). */
export function packageParticipants(db: Db, packageId: number): number[] {
  return packageLinks(db, [packageId]).get(packageId)?.participants ?? [];
}

/**
 * SPEC.md §4: a package is purchased when every category it lists is covered by the viewer's paid active orders;
 * a team pass when every one of its teams is (a team is covered by a team pass of it, a subscription, or packages
 * covering every category of the pass). A pass that lists neither (a free or register pass) is purchased when it
 * was bought itself, and a single-event package when its event is owned. `teams`: the team pass's covered teams.
 */
function ownership(db: Db, pkg: PackageRow, links: PackageLinks, grants: Grants | null): { purchased: boolean; teams: number[] } {
  if (!grants) return { purchased: false, teams: [] };
  if (pkg.event_id !== null) return { purchased: coversEvent(grants, eventCoverageFacts(db, pkg.event_id)), teams: [] };
  const categoriesCovered = links.categories.length > 0 && links.categories.every((c) => coversCategory(grants, c.id));
  if (pkg.is_team_pass === 1 && links.participants.length > 0) {
    const teams = links.participants.filter((p) => categoriesCovered || coversTeam(grants, p));
    return { purchased: teams.length === links.participants.length, teams };
  }
  return { purchased: links.categories.length > 0 ? categoriesCovered : grants.packages.has(pkg.id), teams: [] };
}

/**
 * Packages as the contract's Package, with what the viewer (when there is one) already owns of each. A free or
 * register pass is also the viewer's when it is the basic pass they chose in the passes form (SPEC §6): choosing it
 * there is how a viewer takes it, and offering it again as something to get would be wrong.
 */
export function toPackages(db: Db, channel: ChannelRow, rows: PackageRow[], viewerId: number | null, now: number) {
  const grants = viewerId === null ? null : viewerGrants(db, viewerId, now);
  const basicPass = viewerId === null ? null : chosenBasicPass(db, { id: viewerId, channel_id: channel.id });
  const links = packageLinks(db, rows.map((r) => r.id));
  return rows.map((p) => {
    const own = links.get(p.id) ?? { categories: [], participants: [] };
    const { purchased, teams } = ownership(db, p, own, grants);
    const chosen = (p.type === 'free' || p.type === 'register') && p.name === basicPass;
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      price: p.base_price + p.service_fee,
      base_price: p.base_price,
      service_fee: p.service_fee,
      currency: channel.currency,
      event_categories: own.categories.map((c) => c.id),
      categories: own.categories,
      is_team_pass: p.is_team_pass === 1,
      participants: own.participants,
      purchased_participants: teams,
      weight: p.weight,
      offer: p.offer,
      period: p.period,
      type: p.type,
      event_id: p.event_id,
      is_purchased: purchased || chosen,
    };
  });
}

/** The channel's passes, of one kind when named, by weight. */
export function listPackages(db: Db, channel: ChannelRow, viewerId: number | null, kind: PassKind | null, page: Page, now: number) {
  // Single-event packages are reached through their event (single_event_package_id), not listed with the passes.
  const where = new Conditions().add('channel_id = ? AND event_id IS NULL AND (? IS NULL OR type = ?)', channel.id, kind, kind);
  const { rows, total } = selectPage<PackageRow>(db, { select: '*', from: 'packages', where, order: 'weight, id' }, page);
  return { rows: toPackages(db, channel, rows, viewerId, now), total };
}

/** What the viewer's grants already cover of a package (buying it, or one of its teams, again is refused). */
export function packageOwnership(db: Db, pkg: PackageRow, grants: Grants | null): { purchased: boolean; teams: number[] } {
  return ownership(db, pkg, packageLinks(db, [pkg.id]).get(pkg.id) ?? { categories: [], participants: [] }, grants);
}

interface Priced {
  id: number;
  name: string;
  basePrice: number;
  serviceFee: number;
}

/** A product a purchase or a promo code is about, with its price. */
export type Product =
  | (Priced & { type: 'event'; categoryId: number | null; packageId: number })
  | (Priced & { type: 'package'; row: PackageRow })
  | (Priced & { type: 'subscription'; row: SubscriptionRow });

/**
 * The product behind (type, id), priced. An event is priced by its single-event package (the seed gives both the
 * same price); a free event, or a paid one without such a package, has nothing to sell (422 on `id`).
 */
export function findProduct(db: Db, channelId: number, type: PurchaseType, id: number): Product {
  if (type === 'event') {
    const event = db
      .prepare<[number, number], { name: string; type: string; event_category_id: number | null; single_event_package_id: number | null }>(
        'SELECT name, type, event_category_id, single_event_package_id FROM events WHERE id = ? AND channel_id = ?',
      )
      .get(id, channelId);
    if (!event) throw notFound('id', 'Event');
    const pkg = db
      .prepare<[number | null, number], PackageRow>('SELECT * FROM packages WHERE id = ? AND channel_id = ?')
      .get(event.single_event_package_id, channelId);
    if (event.type !== 'paid' || !pkg) throw invalid({ id: ['This event is free to watch: there is nothing to buy'] });
    const price = { id, name: event.name, basePrice: pkg.base_price, serviceFee: pkg.service_fee };
    return { ...price, type, categoryId: event.event_category_id, packageId: pkg.id };
  }
  if (type === 'package') {
    const row = findPackage(db, channelId, id);
    return { type, id, name: row.name, basePrice: row.base_price, serviceFee: row.service_fee, row };
  }
  const row = findSubscription(db, channelId, id);
  return { type, id, name: row.name, basePrice: row.base_price, serviceFee: row.service_fee, row };
}
