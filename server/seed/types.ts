/**
 * Shapes of the plain demo data held by one module per channel (`summit.ts`, `boreal.ts`).
 * Rows refer to each other by alias or key; `build-channel.ts` turns them into table rows with explicit ids.
 */

type Gender = 'male' | 'female';

/** The colour settings served by /color-settings/web; every value is `#rrggbb`. */
interface ChannelColors {
  header_background: string;
  header_text_color: string;
  body_background: string;
  body_text_color: string;
  footer_background: string;
  footer_text_color: string;
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  button_text_color: string;
}

interface GroupSeed {
  alias: string;
  name: string;
  properties: Record<string, string[]>;
}

interface TeamSeed {
  alias: string;
  /** Alias of the participant group (school). */
  group: string;
  name: string;
  shortName: string;
  color: string;
  gender: Gender;
  /** Alias of a root event category. */
  sport: string;
}

interface CategorySeed {
  alias: string;
  name: string;
  children?: Array<{ alias: string; name: string }>;
}

interface LocationSeed {
  key: string;
  name: string;
  city: string;
  state: string;
  country: string;
  /** IANA zone name. */
  timeZone: string;
}

/**
 * When an event starts. `hoursFromNow` counts from the current hour (now rounded down), so negative
 * values are finished games and positive ones upcoming; `liveSinceMinutes` counts back from now exactly.
 */
type EventStart = { hoursFromNow: number } | { liveSinceMinutes: number };

interface Price {
  /** Cents. */
  basePrice: number;
  /** Cents. */
  serviceFee: number;
}

export interface EventSeed {
  /** Only needed when other rows (VOD media) point at the event. */
  key?: string;
  /** Team alias. A two-team game is named "{away short_name} @ {home short_name}". */
  home?: string;
  away?: string;
  /** Required unless both home and away are given. */
  title?: string;
  /** Alias of a leaf event category. */
  category: string;
  location: string;
  start: EventStart;
  durationMinutes: number;
  /** Absent: a free event. */
  paid?: Price;
  /** Absent: built from the channel's game description templates. */
  description?: string;
}

interface MenuItemSeed {
  title: string;
  url: string;
  external?: boolean;
}

interface PageSeed {
  name: string;
  alias: string;
  url: string;
  altName: string;
  content: string;
}

interface FaqSeed {
  question: string;
  answer: string;
}

export type SlideTarget =
  | { type: 'main' }
  | { type: 'category'; category: string }
  | { type: 'participant'; team: string }
  | { type: 'group'; group: string };

interface SlideSeed {
  target: SlideTarget;
  title: string;
  subtitle: string;
  link: string;
}

interface PrerollSeed {
  weight: number;
  /** Location key; absent: any location. */
  location?: string;
  /** Category aliases; absent: all categories. */
  categories?: string[];
  forLive: boolean;
  forVod: boolean;
}

interface FormFieldOption {
  value: string;
  label: string;
}

interface FormField {
  name: string;
  label: string;
  type: 'select' | 'checkbox';
  required: boolean;
  options: FormFieldOption[];
}

interface VodCategorySeed {
  alias: string;
  name: string;
  parent?: string;
}

interface VodMediaSeed {
  key: string;
  title: string;
  description: string;
  /** VOD category alias. */
  category: string;
  /** Key of a finished event; the item is then dated half an hour after that event ended. */
  event?: string;
  /** Used when no event is given. */
  daysAgo?: number;
  durationSeconds: number;
}

interface VodRailSeed {
  title: string;
  /** VOD media keys, in display order. */
  items: string[];
}

interface PassSeed {
  name: string;
  description: string;
  type: 'free' | 'paid' | 'register' | 'ppv';
  price: Price;
  /** Event category aliases it covers; a category covers its sub-categories. */
  categories?: string[];
  /** Team pass: aliases of the teams a buyer picks from. */
  teams?: string[];
  offer: 'annual' | 'other' | null;
  /** Absent: access does not lapse. */
  period?: 'annual' | 'month' | 'monthly';
}

interface SubscriptionSeed {
  name: string;
  description: string;
  price: Price;
  offer: 'annual' | 'other';
  period: 'annual' | 'month' | 'monthly';
  /** Free days before the first charge; 0: no trial. */
  trialDays: number;
}

interface CouponSeed {
  code: string;
  discountType: 'percent' | 'amount';
  /** Percent, or cents. */
  discount: number;
  appliesTo: 'all' | 'event' | 'package' | 'subscription';
  /** Days from the seed's time until it expires (negative: already expired); absent: never. */
  expiresInDays?: number;
  /** How many orders may redeem it in all; absent: no cap. */
  maxRedemptions?: number;
  /** Whether a viewer may redeem it once only; absent: yes, as real promotion codes usually are. */
  oncePerViewer?: boolean;
}

/** Packages, passes, subscription plans and promo codes; every paid event also gets a single-event package. */
export interface CommerceSeed {
  /** Listed by weight in this order. */
  passes: PassSeed[];
  subscriptions: SubscriptionSeed[];
  coupons: CouponSeed[];
  /** Key of a paid event fan@ has bought, so the demo shows an active order. */
  fanPurchase: string;
  /** Name of a single-event package: `{event}` is replaced by the event's name. */
  singleEventName: string;
}

interface PersonName {
  firstName: string;
  lastName: string;
}

export interface ChannelSeed {
  /** Every row of this channel gets id `idBase + n` (n from 1), the channel itself included. */
  idBase: number;
  alias: string;
  name: string;
  channelKey: string;
  language: string;
  currency: string;
  countryCode: string;
  domains: string[];
  blockedCountries: string[];
  tagManagerId: string;
  productAnalyticsKey: string;
  prerollTimeoutMs: number | null;
  colors: ChannelColors;
  groups: GroupSeed[];
  teams: TeamSeed[];
  categories: CategorySeed[];
  locations: LocationSeed[];
  /**
   * Descriptions for two-team games, rotated. Placeholders: {home}, {away} (short names), {homeSchool},
   * {awaySchool}, {category}, {categoryLower}, {venue}, {city}.
   */
  gameDescriptions: string[];
  events: EventSeed[];
  menu: MenuItemSeed[];
  pages: PageSeed[];
  faq: FaqSeed[];
  /** Keyed "group:key"; `{year}` is replaced by the seed year. */
  staticBlocks: Record<string, string>;
  slides: SlideSeed[];
  prerolls: PrerollSeed[];
  passesForm: { name: string; fields: FormField[] };
  vodCategories: VodCategorySeed[];
  vodMedia: VodMediaSeed[];
  vodRails: VodRailSeed[];
  viewers: { fan: PersonName; basic: PersonName; blocked: PersonName };
  /** What fan@ has favourited. */
  fanFavorites: { team: string; group: string };
  commerce: CommerceSeed;
}
