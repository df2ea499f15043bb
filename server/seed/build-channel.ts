import { demoMedia } from '../media/library';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { hashPassword } from '../lib/crypto';
import type { ChannelSeed, EventSeed, SlideTarget } from './types';

type SqlValue = string | number | null;

const DEMO_PASSWORD = 'Password123!';
const MEDIA_SLUGS = ['pattern-a', 'pattern-b', 'pattern-c'] as const;
const HOUR = 3600;
const DAY = 86_400;

/** First path segments the app routes itself (SPEC §2); a channel page must not take one of them. */
const APP_ROUTES = new Set([
  '', 'upcoming', 'vod', 'live', 'schedule', 'packages', 'buy', 'select-package', 'vod_library', 'watch',
  'watch_embed', 'watch_library', 'share', 'login', 'registration', 'verify-notice', 'verify-email',
  'password-reset-request', 'password-reset', 'confirm-account-deletion', 'profile', 'contacts', 'faq',
  'simulate', 'about', 'privacy_policy', 'terms_conditions', 'passes', '404',
]);

/**
 * Built-in routes whose view shows the channel's page of the same alias (SPEC §2: /about, /privacy_policy,
 * /terms_conditions, /passes): a page may take one of them, with the route's own path as its url.
 */
const INFO_PAGES = new Set(['about', 'privacy_policy', 'terms_conditions', 'passes']);

const ALIAS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEX_COLOR = /^#[0-9a-f]{6}$/;

export interface DemoViewer {
  email: string;
  password: string;
  description: string;
}

type ViewerKind = keyof ChannelSeed['viewers'];

const VIEWER_KINDS: ReadonlyArray<{
  kind: ViewerKind;
  capabilities: readonly string[];
  temporaryPassword: boolean;
  isGeoBlocked: boolean;
  /** The passes form was submitted with a basic pass (SPEC §6: needed to reach most pages). */
  basicPassChosen: boolean;
  description: string;
}> = [
  {
    kind: 'fan',
    capabilities: ['Watch', 'Download', 'Clipping', 'Download_Clip', 'No_Ads', 'Vod_Media'],
    temporaryPassword: false,
    isGeoBlocked: false,
    basicPassChosen: true,
    description: 'Every capability, two favourites (a team and a school), a basic pass chosen.',
  },
  {
    kind: 'basic',
    capabilities: [],
    temporaryPassword: true,
    isGeoBlocked: false,
    basicPassChosen: false,
    description: 'No capabilities and a temporary password: forced to /profile/edit after login.',
  },
  {
    kind: 'blocked',
    capabilities: ['Watch'],
    temporaryPassword: false,
    isGeoBlocked: true,
    basicPassChosen: true,
    description: 'Watch capability but flagged as geo-blocked.',
  },
];

/** The demo accounts of a channel, with their clear-text password (the same for all). */
export function demoViewers(seed: ChannelSeed): DemoViewer[] {
  return VIEWER_KINDS.map(({ kind, description }) => ({
    email: `${kind}@${seed.alias}.test`,
    password: DEMO_PASSWORD,
    description,
  }));
}

/**
 * Inserts one channel and all its rows. Row ids are `seed.idBase + n`, numbered per table from 1, so two
 * channels with different bases never collide. Throws when the data refers to something that does not exist
 * or breaks a display rule, so a typo in a data module fails the seed instead of producing a broken demo.
 */
export function insertChannel(db: Db, seed: ChannelSeed, now: number): void {
  const id = (n: number): number => seed.idBase + n;
  const channelId = id(1);
  const hourStart = now - (now % HOUR);
  const year = new Date(now * 1000).getUTCFullYear();

  check(Object.values(seed.colors).every((c) => HEX_COLOR.test(c)), `${seed.alias}: colours must be #rrggbb`);
  insert(db, 'channels', {
    id: channelId,
    channel_key: seed.channelKey,
    alias: seed.alias,
    name: seed.name,
    domains: JSON.stringify(seed.domains),
    language: seed.language,
    currency: seed.currency,
    country_code: seed.countryCode,
    blocked_countries: JSON.stringify(seed.blockedCountries),
    logo: `/media/images/channels/${seed.alias}.svg`,
    tag_manager_id: seed.tagManagerId,
    product_analytics_key: seed.productAnalyticsKey,
    stripe_publishable_key: null,
    preroll_timeout_ms: seed.prerollTimeoutMs,
    colors: JSON.stringify(seed.colors),
    secret: randomBytes(32).toString('hex'),
  });

  const groups = new Map<string, { id: number; name: string }>();
  seed.groups.forEach((group, i) => {
    checkAlias(seed, group.alias);
    const row = { id: id(i + 1), name: group.name };
    groups.set(group.alias, row);
    insert(db, 'participant_groups', {
      id: row.id,
      channel_id: channelId,
      name: group.name,
      alias: group.alias,
      image: `/media/images/groups/${group.alias}.svg`,
      properties: JSON.stringify(group.properties),
    });
  });

  // Categories: roots first, then children, so ids read in tree order (hockey, men's hockey, women's hockey, ...).
  const categories = new Map<string, { id: number; name: string; root: string; leaf: boolean }>();
  let categoryCount = 0;
  seed.categories.forEach((root, rootIndex) => {
    checkAlias(seed, root.alias);
    const rootId = id(++categoryCount);
    const children = root.children ?? [];
    categories.set(root.alias, { id: rootId, name: root.name, root: root.alias, leaf: children.length === 0 });
    insert(db, 'event_categories', {
      id: rootId,
      channel_id: channelId,
      parent_id: null,
      name: root.name,
      alias: root.alias,
      position: rootIndex + 1,
    });
    children.forEach((child, childIndex) => {
      checkAlias(seed, child.alias);
      const childId = id(++categoryCount);
      categories.set(child.alias, { id: childId, name: child.name, root: root.alias, leaf: true });
      insert(db, 'event_categories', {
        id: childId,
        channel_id: channelId,
        parent_id: rootId,
        name: child.name,
        alias: child.alias,
        position: childIndex + 1,
      });
    });
  });
  const category = (alias: string) => lookup(categories, alias, `${seed.alias}: event category`);

  const teams = new Map<string, { id: number; shortName: string; group: string; gender: string; sport: string }>();
  seed.teams.forEach((team, i) => {
    checkAlias(seed, team.alias);
    check(HEX_COLOR.test(team.color), `${seed.alias}: team ${team.alias} colour must be #rrggbb`);
    const group = lookup(groups, team.group, `${seed.alias}: group of ${team.alias}`);
    const sport = category(team.sport);
    check(sport.root === team.sport, `${seed.alias}: sport of ${team.alias} must be a root category`);
    const row = { id: id(i + 1), shortName: team.shortName, group: team.group, gender: team.gender, sport: team.sport };
    teams.set(team.alias, row);
    insert(db, 'participants', {
      id: row.id,
      channel_id: channelId,
      group_id: group.id,
      name: team.name,
      short_name: team.shortName,
      alias: team.alias,
      image: `/media/images/participants/${team.alias}.svg`,
      color: team.color,
      properties: JSON.stringify({ gender: [team.gender], sport: [team.sport] }),
    });
  });
  const team = (alias: string) => lookup(teams, alias, `${seed.alias}: team`);

  const locations = new Map<string, { id: number; name: string; city: string; timeZone: string }>();
  seed.locations.forEach((location, i) => {
    const row = { id: id(i + 1), name: location.name, city: location.city, timeZone: location.timeZone };
    locations.set(location.key, row);
    insert(db, 'locations', {
      id: row.id,
      channel_id: channelId,
      name: location.name,
      city: location.city,
      state: location.state,
      country: location.country,
      time_zone: location.timeZone,
    });
  });
  const location = (key: string) => lookup(locations, key, `${seed.alias}: location`);

  const events = new Map<string, { id: number; end: number }>();
  let gameCount = 0;
  seed.events.forEach((event, i) => {
    const eventId = id(i + 1);
    const start = eventStart(seed, event, now, hourStart);
    const duration = event.durationMinutes * 60;
    const leaf = category(event.category);
    check(leaf.leaf, `${seed.alias}: event ${eventId} must use a leaf category, not ${event.category}`);
    const venue = location(event.location);
    const home = event.home === undefined ? undefined : team(event.home);
    const away = event.away === undefined ? undefined : team(event.away);
    for (const side of [home, away]) {
      if (side) check(side.sport === leaf.root, `${seed.alias}: event ${eventId} pairs a ${side.sport} team with ${event.category}`);
    }
    check(away === undefined || home !== undefined, `${seed.alias}: event ${eventId} has an away team but no home team`);

    let name: string;
    let description: string;
    if (home && away) {
      check(home.group !== away.group && home.gender === away.gender, `${seed.alias}: event ${eventId} is not a real matchup`);
      check(home.shortName !== away.shortName, `${seed.alias}: event ${eventId} would read "${away.shortName} @ ${home.shortName}"`);
      name = event.title ?? `${away.shortName} @ ${home.shortName}`;
      const template = seed.gameDescriptions[gameCount++ % seed.gameDescriptions.length] ?? '';
      description =
        event.description ??
        fill(template, {
          home: home.shortName,
          away: away.shortName,
          homeSchool: lookup(groups, home.group, 'group').name,
          awaySchool: lookup(groups, away.group, 'group').name,
          category: leaf.name,
          categoryLower: leaf.name.toLocaleLowerCase(seed.language),
          venue: venue.name,
          city: venue.city,
        });
    } else {
      check(event.title !== undefined && event.description !== undefined, `${seed.alias}: event ${eventId} needs a title and description`);
      name = event.title;
      description = event.description;
    }

    if (event.key !== undefined) events.set(event.key, { id: eventId, end: start + duration });
    insert(db, 'events', {
      id: eventId,
      channel_id: channelId,
      name,
      description,
      type: event.paid ? 'paid' : 'free',
      event_utc_ts: start,
      duration,
      time_zone: venue.timeZone,
      event_category_id: leaf.id,
      location_id: venue.id,
      home_team_id: home?.id ?? null,
      away_team_id: away?.id ?? null,
      base_price: event.paid?.basePrice ?? 0,
      service_fee: event.paid?.serviceFee ?? 0,
      single_event_package_id: null,
      image: `/media/images/events/${eventId}.svg`,
      media_slug: mediaSlug(i),
    });
    for (const side of [home, away]) {
      if (side) insert(db, 'event_participants', { event_id: eventId, participant_id: side.id });
    }
  });

  seed.menu.forEach((item, i) => {
    check(item.external === true ? /^https?:\/\//.test(item.url) : item.url.startsWith('/'), `${seed.alias}: menu url ${item.url}`);
    insert(db, 'menu_items', {
      id: id(i + 1),
      channel_id: channelId,
      title: item.title,
      url: item.url,
      external: item.external === true ? 1 : 0,
      position: i + 1,
    });
  });

  seed.pages.forEach((page, i) => {
    if (INFO_PAGES.has(page.alias)) {
      check(page.url === `/${page.alias}`, `${seed.alias}: the ${page.alias} page must be at /${page.alias}`);
    } else {
      checkAlias(seed, page.alias);
      const firstSegment = page.url.split('/')[1] ?? '';
      check(page.url.startsWith('/') && !APP_ROUTES.has(firstSegment), `${seed.alias}: page url ${page.url} collides with an app route`);
    }
    insert(db, 'pages', {
      id: id(i + 1),
      channel_id: channelId,
      name: page.name,
      alias: page.alias,
      url: page.url,
      alt_name: page.altName,
      content: page.content,
    });
  });

  seed.faq.forEach((item, i) => {
    insert(db, 'faq_items', { id: id(i + 1), channel_id: channelId, question: item.question, answer: item.answer, position: i + 1 });
  });

  for (const [address, content] of Object.entries(seed.staticBlocks)) {
    const [group, key, ...rest] = address.split(':');
    check(group !== undefined && key !== undefined && rest.length === 0, `${seed.alias}: static block ${address} must be "group:key"`);
    insert(db, 'static_blocks', {
      channel_id: channelId,
      block_group: group,
      block_key: key,
      content: content.replaceAll('{year}', String(year)),
    });
  }

  const slidableId = (target: SlideTarget): number | null => {
    switch (target.type) {
      case 'main':
        return null;
      case 'category':
        return category(target.category).id;
      case 'participant':
        return team(target.team).id;
      case 'group':
        return lookup(groups, target.group, `${seed.alias}: slide group`).id;
    }
  };
  seed.slides.forEach((slide, i) => {
    const slideId = id(i + 1);
    insert(db, 'slides', {
      id: slideId,
      channel_id: channelId,
      title: slide.title,
      subtitle: slide.subtitle,
      image: `/media/images/slides/${slideId}.svg`,
      link: slide.link,
      slidable_type: slide.target.type,
      slidable_id: slidableId(slide.target),
      position: i + 1,
    });
  });

  seed.prerolls.forEach((preroll, i) => {
    insert(db, 'prerolls', {
      id: id(i + 1),
      channel_id: channelId,
      url: `/media/prerolls/preroll-${i + 1}/index.m3u8`,
      weight: preroll.weight,
      location_id: preroll.location === undefined ? null : location(preroll.location).id,
      event_categories: JSON.stringify((preroll.categories ?? []).map((alias) => category(alias).id)),
      for_live: preroll.forLive ? 1 : 0,
      for_vod: preroll.forVod ? 1 : 0,
    });
  });

  insert(db, 'custom_forms', {
    id: id(1),
    channel_id: channelId,
    alias: 'passes',
    name: seed.passesForm.name,
    flag: 1,
    fields: JSON.stringify(seed.passesForm.fields),
  });

  // Parents are listed before their children in the data, so a single pass resolves them.
  const vodCategories = new Map<string, { id: number }>();
  seed.vodCategories.forEach((vodCategory, i) => {
    checkAlias(seed, vodCategory.alias);
    const row = { id: id(i + 1) };
    vodCategories.set(vodCategory.alias, row);
    insert(db, 'vod_categories', {
      id: row.id,
      channel_id: channelId,
      parent_id: vodCategory.parent === undefined ? null : lookup(vodCategories, vodCategory.parent, `${seed.alias}: VOD parent`).id,
      name: vodCategory.name,
      alias: vodCategory.alias,
    });
  });

  const vodMedia = new Map<string, { id: number }>();
  seed.vodMedia.forEach((media, i) => {
    const mediaId = id(i + 1);
    const slug = mediaSlug(i);
    const event = media.event === undefined ? undefined : lookup(events, media.event, `${seed.alias}: VOD event`);
    const date = event ? event.end + 1800 : now - (media.daysAgo ?? 1) * DAY;
    check(date < now, `${seed.alias}: VOD ${media.key} must be dated in the past`);
    check(media.durationSeconds >= 60 && media.durationSeconds <= 600, `${seed.alias}: VOD ${media.key} duration`);
    vodMedia.set(media.key, { id: mediaId });
    insert(db, 'vod_media', {
      id: mediaId,
      channel_id: channelId,
      category_id: lookup(vodCategories, media.category, `${seed.alias}: VOD category`).id,
      event_id: event?.id ?? null,
      title: media.title,
      description: media.description,
      date,
      duration: media.durationSeconds,
      assets: JSON.stringify([
        // A frame of what it plays (server/media/make-demo-media.sh), the title's card when the media has none.
        { type: 'image', path: demoMedia().posterPath(slug, mediaId) ?? `/media/images/vod/${mediaId}.svg` },
        { type: 'preview', path: `/media/vod/${slug}/index.m3u8` },
      ]),
      media_slug: slug,
    });
  });

  seed.vodRails.forEach((rail, i) => {
    const railId = id(i + 1);
    insert(db, 'vod_rails', { id: railId, channel_id: channelId, title: rail.title, position: i + 1 });
    rail.items.forEach((key, position) => {
      insert(db, 'vod_rail_items', {
        rail_id: railId,
        vod_media_id: lookup(vodMedia, key, `${seed.alias}: rail item`).id,
        position: position + 1,
      });
    });
  });

  const accounts = demoViewers(seed);
  VIEWER_KINDS.forEach((viewer, i) => {
    const person = seed.viewers[viewer.kind];
    const account = accounts[i];
    check(account !== undefined, 'viewer accounts');
    insert(db, 'users', {
      id: id(i + 1),
      channel_id: channelId,
      email: account.email,
      password_hash: hashPassword(account.password),
      first_name: person.firstName,
      last_name: person.lastName,
      phone: null,
      language: seed.language,
      temporary_password: viewer.temporaryPassword ? 1 : 0,
      trial_period_used: 0,
      capabilities: JSON.stringify(viewer.capabilities),
      is_geo_blocked: viewer.isGeoBlocked ? 1 : 0,
      email_verified_at: now,
      social_provider: null,
      created_at: now,
    });
  });

  // The fan and the geo-blocked viewer have chosen their basic pass (the first one the form offers), so the
  // navigation rules let them through; the basic viewer has not, and is sent to the packages after changing the
  // temporary password.
  VIEWER_KINDS.forEach((viewer, i) => {
    if (!viewer.basicPassChosen) return;
    const basicPass = seed.passesForm.fields.find((field) => field.name === 'basic_pass');
    const choice = basicPass?.options?.[0]?.value;
    check(choice !== undefined, `${seed.alias}: the passes form offers a basic pass`);
    insert(db, 'custom_form_submissions', {
      form_id: id(1),
      user_id: id(i + 1),
      vals: JSON.stringify([{ name: 'basic_pass', value: choice }]),
      updated_at: now,
    });
  });

  const fanId = id(VIEWER_KINDS.findIndex((viewer) => viewer.kind === 'fan') + 1);
  insert(db, 'favorites', {
    id: id(1),
    user_id: fanId,
    favoritable_id: team(seed.fanFavorites.team).id,
    favoritable_type: 'participant',
    created_at: now,
  });
  insert(db, 'favorites', {
    id: id(2),
    user_id: fanId,
    favoritable_id: lookup(groups, seed.fanFavorites.group, `${seed.alias}: favourite group`).id,
    favoritable_type: 'group',
    created_at: now,
  });
}

/** Resolves an event's start and checks it lands in the intended state (finished, live or upcoming). */
function eventStart(seed: ChannelSeed, event: EventSeed, now: number, hourStart: number): number {
  const duration = event.durationMinutes * 60;
  const where = `${seed.alias}: event ${event.title ?? `${event.away ?? ''} @ ${event.home ?? ''}`}`;
  if ('liveSinceMinutes' in event.start) {
    const since = event.start.liveSinceMinutes * 60;
    check(since >= 0 && since < duration, `${where} must be live`);
    return now - since;
  }
  const offset = event.start.hoursFromNow * HOUR;
  if (offset < 0) {
    // Finished: over before the current hour began, and within the last 30 days.
    check(offset + duration < 0 && offset > -30 * DAY + HOUR, `${where} must have finished in the last 30 days`);
  } else {
    check(offset >= HOUR && offset <= 21 * DAY, `${where} must start in the next 21 days`);
  }
  return hourStart + offset;
}

function mediaSlug(index: number): string {
  return MEDIA_SLUGS[index % MEDIA_SLUGS.length] ?? 'pattern-a';
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

export function insert(db: Db, table: string, row: Record<string, SqlValue>): void {
  const columns = Object.keys(row);
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
}

function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo seed: unknown ${what} "${key}"`);
  return value;
}

function checkAlias(seed: ChannelSeed, alias: string): void {
  check(ALIAS.test(alias), `${seed.alias}: alias "${alias}" must be lower-kebab`);
}

export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`Demo seed: ${message}`);
}
