import { beforeAll, describe, expect, it } from 'vitest';
import { formatClock } from '../../src/format/clock';
import { eventTitle, formatEventDate, participantDisplayName, type TitledEvent } from '../../src/format/event';
import { genderLabel } from '../../src/format/gender';
import { orderLabel } from '../../src/format/order';
import { formatMoney, priceLabel } from '../../src/format/price';
import { EVENT_CARD_RATIO, VIDEO_ASPECT_RATIO } from '../../src/format/ratios';
import { createI18n, translator, type Translate } from '../../src/i18n/i18n';

/** Unix seconds of an ISO instant, as the API's `event_utc_ts`. */
const utc = (iso: string) => Date.parse(iso) / 1000;
/** Intl separates amount and symbol with a no-break space in French. */
const nbsp = '\u00a0';

let tEn: Translate;
let tFr: Translate;
beforeAll(async () => {
  tEn = translator(await createI18n('en'));
  tFr = translator(await createI18n('fr'));
});

describe('formatClock reads a position or a length in a video', () => {
  it('as m:ss under an hour and h:mm:ss from an hour, never minutes past 60', () => {
    expect([5, 75, 3599, 3600, 3725, 13_098, 13_128].map(formatClock)).toEqual(['0:05', '1:15', '59:59', '1:00:00', '1:02:05', '3:38:18', '3:38:48']);
  });

  it('as 0:00 for what is not a time, and whole seconds only', () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, -4, 61.9].map(formatClock)).toEqual(['0:00', '0:00', '0:00', '1:01']);
  });
});

describe('participantDisplayName drops the word University (SPEC §2)', () => {
  it.each([
    ['Northfield University Huskies', 'Northfield Huskies'],
    ['Lakeshore State University', 'Lakeshore State'],
    ['University of Vermont', 'Vermont'],
    ['The University of Texas Longhorns', 'Texas Longhorns'],
    ['Rivière-des-Pins University Voyageurs', 'Rivière-des-Pins Voyageurs'],
    ['UNIVERSITY of Maine', 'Maine'],
    ['Northfield University – Hockey', 'Northfield – Hockey'],
    ['University – Hockey', 'Hockey'],
    ['Hockey - University', 'Hockey'],
    ['Huskies – University – Women', 'Huskies – Women'],
    ['Northfield University, Duluth', 'Northfield, Duluth'],
    ['  Iron Range   Technical University  Miners ', 'Iron Range Technical Miners'],
  ])('%j reads %j', (name, shown) => {
    expect(participantDisplayName(name)).toBe(shown);
  });

  it.each([
    // Only the whole English word: other words that contain it stay.
    ['Universityville Hawks', 'Universityville Hawks'],
    ['Universities Select', 'Universities Select'],
    ['Multiuniversity League', 'Multiuniversity League'],
    // French: "Université" is kept (SPEC names the English word; dropping it would break the grammar).
    ["Lynx de l'Université de Val-Boréal", "Lynx de l'Université de Val-Boréal"],
    ['Université du Fleuve', 'Université du Fleuve'],
    ['Huskies', 'Huskies'],
  ])('%j is left as it is', (name, shown) => {
    expect(participantDisplayName(name)).toBe(shown);
  });

  it('never empties a name: "University" alone stays', () => {
    expect(participantDisplayName('University')).toBe('University');
    expect(participantDisplayName(' University of ')).toBe('University of');
  });
});

describe('eventTitle', () => {
  const huskies = { id: 1, name: 'Northfield University Huskies', short_name: 'Huskies' };
  const lakers = { id: 2, name: 'Lakeshore State University Lakers', short_name: 'Lakers' };
  const event = (over: Partial<TitledEvent>): TitledEvent => ({
    name: 'Lakers at Huskies, Hockey',
    home_team_id: 1,
    participants: [lakers, huskies],
    ...over,
  });

  it('reads "away @ home" with short names for two participants', () => {
    expect(eventTitle(event({}))).toBe('Lakers @ Huskies');
  });

  it('finds the home side by home_team_id whatever the order', () => {
    expect(eventTitle(event({ participants: [huskies, lakers] }))).toBe('Lakers @ Huskies');
    expect(eventTitle(event({ home_team_id: 2 }))).toBe('Huskies @ Lakers');
  });

  it('falls back to the API order (away, home) without a matching home_team_id', () => {
    expect(eventTitle(event({ home_team_id: null }))).toBe('Lakers @ Huskies');
    expect(eventTitle(event({ home_team_id: 99, participants: [huskies, lakers] }))).toBe('Huskies @ Lakers');
  });

  it('uses the display name, without University, when a short name is blank', () => {
    const blank = { id: 3, name: 'Iron Range Technical University Miners', short_name: ' ' };
    expect(eventTitle(event({ participants: [blank, huskies] }))).toBe('Iron Range Technical Miners @ Huskies');
  });

  it("uses the event's own name for any other number of participants", () => {
    expect(eventTitle(event({ participants: [] }))).toBe('Lakers at Huskies, Hockey');
    expect(eventTitle(event({ participants: [huskies] }))).toBe('Lakers at Huskies, Hockey');
    const third = { id: 4, name: 'Badger Valley', short_name: 'Badgers' };
    expect(eventTitle(event({ participants: [lakers, huskies, third] }))).toBe('Lakers at Huskies, Hockey');
  });

  it('ignores null entries in the participants list (the GraphQL list items are nullable)', () => {
    expect(eventTitle(event({ participants: [lakers, null, huskies] }))).toBe('Lakers @ Huskies');
    expect(eventTitle(event({ participants: [null, huskies] }))).toBe('Lakers at Huskies, Hockey');
  });
});

describe('formatEventDate: short month, 2-digit day, year, 24-hour time, in the event time zone', () => {
  it("shows the event's own wall clock: Chicago and Toronto differ by an hour", () => {
    const ts = utc('2024-03-09T01:00:00Z');
    expect(formatEventDate(ts, 'America/Chicago', 'en-US')).toBe('Mar 08, 2024, 19:00');
    expect(formatEventDate(ts, 'America/Toronto', 'en-US')).toBe('Mar 08, 2024, 20:00');
  });

  it('jumps from 01:59 to 03:00 when daylight saving time starts (10 March 2024)', () => {
    expect(formatEventDate(utc('2024-03-10T07:59:00Z'), 'America/Chicago', 'en-US')).toBe('Mar 10, 2024, 01:59');
    expect(formatEventDate(utc('2024-03-10T08:00:00Z'), 'America/Chicago', 'en-US')).toBe('Mar 10, 2024, 03:00');
    expect(formatEventDate(utc('2024-03-10T06:59:00Z'), 'America/Toronto', 'en-US')).toBe('Mar 10, 2024, 01:59');
    expect(formatEventDate(utc('2024-03-10T07:00:00Z'), 'America/Toronto', 'en-US')).toBe('Mar 10, 2024, 03:00');
  });

  it('shows 01:30 twice when it ends (3 November 2024): two instants an hour apart', () => {
    expect(formatEventDate(utc('2024-11-03T06:30:00Z'), 'America/Chicago', 'en-US')).toBe('Nov 03, 2024, 01:30');
    expect(formatEventDate(utc('2024-11-03T07:30:00Z'), 'America/Chicago', 'en-US')).toBe('Nov 03, 2024, 01:30');
  });

  it('writes midnight as 00:00, never 24:00 or 12 AM, and pads the day', () => {
    expect(formatEventDate(utc('2024-03-05T05:00:00Z'), 'America/Toronto', 'en-US')).toBe('Mar 05, 2024, 00:00');
  });

  it("follows the viewer's locale", () => {
    const ts = utc('2024-03-10T05:00:00Z');
    expect(formatEventDate(ts, 'America/Toronto', 'fr-CA')).toBe('10 mars 2024, 00 h 00');
    expect(formatEventDate(ts, 'America/Toronto', 'en-GB')).toBe('10 Mar 2024, 00:00');
  });

  it('falls back to UTC for a time zone Intl does not know', () => {
    expect(formatEventDate(utc('2024-03-10T05:00:00Z'), 'Not/A_Zone', 'en-US')).toBe('Mar 10, 2024, 05:00');
  });
});

describe('priceLabel', () => {
  it('shows USD and CAD both as $, in any locale (not CA$ or US$)', () => {
    expect(formatMoney(4999, 'USD', 'en-US')).toBe('$49.99');
    expect(formatMoney(4999, 'CAD', 'en-US')).toBe('$49.99');
    expect(formatMoney(4999, 'CAD', 'en-CA')).toBe('$49.99');
    expect(formatMoney(4999, 'CAD', 'fr-CA')).toBe(`49,99${nbsp}$`);
    expect(formatMoney(4999, 'USD', 'fr-CA')).toBe(`49,99${nbsp}$`);
    expect(formatMoney(4999, 'cad', 'en-US')).toBe('$49.99');
  });

  it('keeps the standard symbol of other currencies', () => {
    expect(formatMoney(4999, 'EUR', 'de-DE')).toBe(`49,99${nbsp}€`);
    expect(formatMoney(4999, 'AUD', 'en-US')).toBe('A$49.99');
  });

  it('reads the amount in cents, with grouping and two decimals', () => {
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(0, 'USD', 'en-US')).toBe('$0.00');
    expect(formatMoney(1200, 'USD', 'en-US')).toBe('$12.00');
  });

  it('adds no suffix to a one-off price', () => {
    expect(priceLabel({ amount: 4999, currency: 'USD' }, 'en-US', tEn)).toBe('$49.99');
    expect(priceLabel({ amount: 4999, currency: 'USD', period: null }, 'en-US', tEn)).toBe('$49.99');
  });

  it('adds the per-period suffix: month and monthly per month, annual per year', () => {
    expect(priceLabel({ amount: 1299, currency: 'USD', period: 'monthly' }, 'en-US', tEn)).toBe('$12.99 / month');
    expect(priceLabel({ amount: 1299, currency: 'USD', period: 'month' }, 'en-US', tEn)).toBe('$12.99 / month');
    expect(priceLabel({ amount: 12990, currency: 'USD', period: 'annual' }, 'en-US', tEn)).toBe('$129.90 / year');
  });

  it('words the suffix in the active language', () => {
    expect(priceLabel({ amount: 1299, currency: 'CAD', period: 'monthly' }, 'fr-CA', tFr)).toBe(`12,99${nbsp}$ / mois`);
    expect(priceLabel({ amount: 12990, currency: 'CAD', period: 'annual' }, 'fr-CA', tFr)).toBe(`129,90${nbsp}$ / an`);
  });
});

describe('genderLabel', () => {
  it('shows male and female as Men and Women', () => {
    expect(genderLabel('male', tEn)).toBe('Men');
    expect(genderLabel('female', tEn)).toBe('Women');
  });

  it('follows the active language', () => {
    expect(genderLabel('male', tFr)).toBe('Hommes');
    expect(genderLabel('female', tFr)).toBe('Femmes');
  });

  it('shows any other value as given', () => {
    expect(genderLabel('coed', tEn)).toBe('coed');
  });
});

describe('ratios (SPEC §9)', () => {
  it('video is 16/9, about 1.7778; an event card about 1.777', () => {
    expect(VIDEO_ASPECT_RATIO).toBeCloseTo(1.7778, 4);
    expect(EVENT_CARD_RATIO).toBeCloseTo(1.777, 3);
  });
});

describe('orderLabel (SPEC §3 labels of the orders list)', () => {
  const order = (type: 'event' | 'package' | 'subscription', status: 'paid' | 'failed' | 'processing' | 'refunded', activity: 'active' | 'inactive') => ({
    type,
    status,
    activity_status: activity,
  });
  it('reads a paid game as Paid, a paid pass or plan as Active, and either as Inactive once its access ended', () => {
    expect(orderLabel(order('event', 'paid', 'active'))).toBe('paid');
    expect(orderLabel(order('package', 'paid', 'active'))).toBe('active');
    expect(orderLabel(order('subscription', 'paid', 'active'))).toBe('active');
    expect(orderLabel(order('subscription', 'paid', 'inactive'))).toBe('inactive');
  });
  it('reads refunded, failed and processing orders by their status, whatever their access', () => {
    expect(orderLabel(order('package', 'refunded', 'inactive'))).toBe('refunded');
    expect(orderLabel(order('event', 'failed', 'inactive'))).toBe('failed');
    expect(orderLabel(order('event', 'processing', 'inactive'))).toBe('processing');
  });
});
