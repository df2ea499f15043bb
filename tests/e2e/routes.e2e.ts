/**
 * Every route of SPEC §2 (the route table of src/app/routes.ts, with real ids from the seed, and the other states a
 * route can land in: an unknown id, a wrong share link, an empty checkout, a channel page, the 404) on both channels'
 * host names, for a visitor and for a signed-in viewer, at desktop and phone widths. Once a page has settled, it must
 * have exactly one h1 (as assistive technology counts them: a visually hidden one counts, a `display: none` one does
 * not), and no menu, tab bar or chip row may cut its labels without showing that it scrolls. A route's own page must
 * also offer more than its title (a link, a control, a video or an answer to open): the routes for signing in as a
 * visitor sees them, the rest as the viewer does. Every page is checked softly, so one run names all the pages that
 * fail.
 */
import type { Page } from '@playwright/test';
import { ROUTES, routeOfPath } from '../../src/app/routes';
import { BOREAL, DEMO_PASSWORD, SUMMIT } from '../server/harness';
import { type Account, openAccount } from './accounts';
import { pickEvent, pickVodItem } from './catalogue';
import { type ChannelAlias, expect, type Stack, test } from './fixtures';
import { withStoredToken } from './helpers';

const CHANNEL_KEYS: Record<ChannelAlias, string> = { summit: SUMMIT.channelKey, boreal: BOREAL.channelKey };
const VIEWPORTS = [
  { width: 1280, height: 800, foldsMenu: false },
  { width: 390, height: 844, foldsMenu: true },
] as const;
/** An id no seeded row has. */
const UNKNOWN_ID = 999_999_999;
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

/**
 * Where labels sit in a row that may run out of room: the channel's menu, the page's own menus (the events list's
 * status chips, the profile's tabs, the library's categories, the pager), tab bars, rows of removable filter chips,
 * lists whose current item is marked, and anything that declares how it overflows (the rails). Rows of favourite
 * toggles are not among them, nor are the toggles labels to check inside a row: a long team name ends in an ellipsis
 * there by design (favourite.css), its full name in the toggle's accessible name.
 */
const LABEL_ROWS = [
  'header nav',
  'main nav',
  '[role="tablist"]',
  'main ul:has(> li > button):not(:has([aria-pressed]))',
  'ul:has(> li > [aria-current])',
  '[data-overflow]',
].join(', ');

interface Clip {
  id: number;
  eventId: number;
  uuid: string;
}

interface Seeded {
  live: number;
  finished: number;
  vod: number;
  /** A pass (not a game's own package) with a price. */
  pass: number;
  /** A paid game and its single-event package. */
  game: { id: number; package: number };
  /** A channel page with its own route (not one of the built-in info pages). */
  channelPage: string;
  group: string;
  category: number;
}

function channelId(stack: Stack, channel: ChannelAlias): number {
  const row = stack.api.db.prepare<[string], { id: number }>('SELECT id FROM channels WHERE alias = ?').get(channel);
  if (!row) throw new Error(`no ${channel} channel in the seed`);
  return row.id;
}

/** The test's own knowledge of the world: what each route is given, read from the seed (never from the app). */
function seeded(stack: Stack, channel: ChannelAlias): Seeded {
  const db = stack.api.db;
  const id = channelId(stack, channel);
  const one = <T>(sql: string): T => {
    const row = db.prepare<[number], T>(sql).get(id);
    if (!row) throw new Error(`the ${channel} seed has nothing for: ${sql}`);
    return row;
  };
  const pages = db.prepare<[number], { url: string }>('SELECT url FROM pages WHERE channel_id = ? ORDER BY id').all(id);
  const channelPage = pages.find((page) => routeOfPath(page.url) === undefined)?.url;
  if (!channelPage) throw new Error(`the ${channel} seed has no channel page of its own`);
  const game = one<{ id: number; package: number }>(
    "SELECT e.id, p.id AS package FROM packages p JOIN events e ON e.id = p.event_id WHERE p.channel_id = ? AND e.type = 'paid' ORDER BY e.event_utc_ts DESC",
  );
  return {
    live: pickEvent(stack.api, { channel, when: 'live', type: 'free', forAtLeast: 600 }).id,
    finished: pickEvent(stack.api, { channel, when: 'finished', type: 'free' }).id,
    vod: pickVodItem(stack.api, channel).id,
    pass: one<{ id: number }>('SELECT id FROM packages WHERE channel_id = ? AND base_price > 0 AND event_id IS NULL ORDER BY weight, id').id,
    game,
    channelPage,
    group: one<{ alias: string }>('SELECT alias FROM participant_groups WHERE channel_id = ? ORDER BY id').alias,
    category: one<{ id: number }>('SELECT id FROM event_categories WHERE channel_id = ? ORDER BY position, id').id,
  };
}

/**
 * A clip of a finished free game cut through the API by `account`, whose capabilities gain clipping first (as an
 * operator grants it: a new account cannot clip). `processed` settles once the stack's jobs have cut it (about 3 s),
 * so the pages before the first clip route load meanwhile; it resolves with the failure rather than rejecting, so no
 * rejection goes unhandled while it waits.
 */
async function cutClip(stack: Stack, channel: ChannelAlias, account: Account): Promise<{ clip: Clip; processed: Promise<Error | null> }> {
  const db = stack.api.db;
  const row = db.prepare<[string, number], { capabilities: string }>('SELECT capabilities FROM users WHERE email = ? AND channel_id = ?').get(account.email, channelId(stack, channel));
  if (!row) throw new Error(`no account ${account.email} on ${channel}`);
  const capabilities = [...new Set([...(JSON.parse(row.capabilities) as string[]), 'Clipping'])];
  db.prepare('UPDATE users SET capabilities = ? WHERE email = ? AND channel_id = ?').run(JSON.stringify(capabilities), account.email, channelId(stack, channel));
  const event = pickEvent(stack.api, { channel, when: 'finished', type: 'free' });
  const key = await stack.api.apiKey(CHANNEL_KEYS[channel]);
  const cut = await stack.api.call<{ id: number; uuid: string }>('POST', '/clip', {
    key,
    token: account.token,
    body: { event_id: event.id, name: `Route check ${channel}`, start_time: 20, duration: 6, tags: ['DEFAULT'] },
  });
  expect(cut.status, JSON.stringify(cut.body)).toBe(201);
  const processed = expect
    .poll(() => db.prepare<[number], { status: string }>('SELECT status FROM clips WHERE id = ?').get(cut.body.id)?.status, { timeout: 30_000 })
    .toBe('processed')
    .then(
      () => null,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
  return { clip: { id: cut.body.id, eventId: event.id, uuid: cut.body.uuid }, processed };
}

interface Visit {
  path: string;
  /** The route's pattern, on the route's own page; null on the other states it can land in. */
  route: string | null;
  /** Shown without the header (the embed): who is signed in cannot be read from it. */
  plain: boolean;
  /** Needs the clip cut for this test. */
  clip: boolean;
}

/**
 * Every route of the table with real ids, each followed by the other states it can land in. A route with a parameter
 * this list does not know fails the test: a new route must be given an id here. The routes keep the table's order, so
 * /buy never follows the sign-in pages (a visitor arriving from them is sent back a step, SPEC §2).
 */
function visits(seed: Seeded, clip: Clip): Visit[] {
  const concrete: Record<string, string> = {
    '/buy': `/buy?package_id=${seed.pass}`,
    '/select-package/:id': `/select-package/${seed.pass}`,
    '/vod_library/:vod_id': `/vod_library/${seed.vod}`,
    '/watch/:id': `/watch/${seed.live}`,
    '/watch_embed/:id': `/watch_embed/${seed.live}`,
    '/watch_library/:id': `/watch_library/${clip.id}`,
    '/share/:id/:uuid': `/share/${clip.eventId}/${clip.uuid}`,
    '/statecharts/:machine': '/statecharts/toast',
  };
  const more: Record<string, string[]> = {
    '/': [`/?group=${seed.group}`],
    '/upcoming': [`/upcoming?group=${seed.group}&event_category_id=${seed.category}`],
    '/buy': ['/buy', `/buy?event_id=${seed.game.id}&single_event_package_id=${seed.game.package}`],
    '/select-package/:id': [`/select-package/${UNKNOWN_ID}`],
    '/vod_library/:vod_id': [`/vod_library/${UNKNOWN_ID}`],
    '/watch/:id': [`/watch/${seed.finished}`, `/watch/${UNKNOWN_ID}`],
    '/watch_embed/:id': [`/watch_embed/${UNKNOWN_ID}`],
    '/watch_library/:id': [`/watch_library/${UNKNOWN_ID}`],
    '/share/:id/:uuid': [`/share/${clip.eventId}/${UNKNOWN_UUID}`],
    '/statecharts/:machine': ['/statecharts/no-such-machine'],
    '/passes': [seed.channelPage, '/no/such/page'],
  };
  const list: Visit[] = [];
  for (const route of ROUTES) {
    const path = concrete[route.path] ?? route.path;
    if (path.includes(':')) throw new Error(`routes.e2e.ts has no id for ${route.path}`);
    const clipped = route.path === '/watch_library/:id' || route.path === '/share/:id/:uuid';
    list.push({ path, route: route.path, plain: route.plain === true, clip: clipped });
    for (const each of more[route.path] ?? []) list.push({ path: each, route: null, plain: route.plain === true, clip: clipped });
  }
  list.push({ path: '/404', route: null, plain: false, clip: false });
  return list;
}

/**
 * Settled: the app is up, the header says who is signed in (the session has restored, so the navigation rules have
 * had their say), and nothing on the page says it is still loading: every loading line of the app, in every
 * language, is a status ending in "…" (the page's, a list's, the player's), and the VOD player's slot is filled.
 */
async function settle(page: Page, visit: Visit, signedIn: boolean, where: string): Promise<void> {
  await expect.soft(page.locator('html[data-app-ready="true"]'), `${where}: the app starts`).toBeAttached();
  if (!visit.plain) {
    await expect.soft(page.locator(`header a[href="${signedIn ? '/profile' : '/login'}"]`), `${where}: the header says who is signed in`).toBeAttached();
  }
  // The toasts' live region carries a label and is always there; a toast in it is not the page loading.
  const loading = page.locator('[role="status"]:not([aria-label])').filter({ hasText: /…\s*$/ });
  await expect.soft(loading, `${where}: the page finishes loading`).toHaveCount(0, { timeout: 30_000 });
  await expect.soft(page.locator('[data-player-slot]'), `${where}: the player comes in`).toHaveCount(0);
}

/**
 * Runs in the page. For each row of labels (`selector`) shown on the page:
 * - a box of the row that clips or scrolls what it holds (overflow other than visible) and holds more than its width
 *   must say it scrolls (`data-overflow="scroll"` on it or around it) and show a way to: a visible scroll button, or
 *   a fade (a mask, or a gradient over its edge);
 * - a label (link, button, tab) is never cut by its own box, whatever the row shows: scrolling cannot reveal the end
 *   of a cut label;
 * - a label outside any such box never reaches past the screen's edge.
 * A box that lets its content show past it (a menu's list opening over the page) cuts nothing. One line per problem.
 */
function cutLabels(selector: string): string[] {
  const problems: string[] = [];
  // Rows may nest (a menu's list inside its nav): each box is reported once.
  const reported = new Set<Element>();
  const report = (el: Element, problem: string) => {
    if (reported.has(el)) return;
    reported.add(el);
    problems.push(problem);
  };
  const shown = (el: Element) => el.getClientRects().length > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  // Text for screen readers only (a 1 px clipped box, such as "opens in a new tab") is cut on purpose: nobody sees it.
  const screenReaderOnly = (el: Element) => {
    const box = el.getBoundingClientRect();
    const { position } = getComputedStyle(el);
    return (position === 'absolute' || position === 'fixed') && box.width <= 1 && box.height <= 1;
  };
  const unseen = (el: Element, row: Element) => {
    for (let at: Element | null = el; at && at !== row; at = at.parentElement) if (screenReaderOnly(at)) return true;
    return false;
  };
  const describe = (el: Element) => {
    const named = el.getAttribute('aria-label') ?? document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? null;
    const text = (named ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
    const role = el.getAttribute('role');
    return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${text}"`;
  };
  const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
  const overflows = (el: Element) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1;
  // An ellipsis can hide less than the pixel scrollWidth rounds to: the text's own width against the box's.
  const ellipsised = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.textOverflow !== 'ellipsis' || style.overflowX === 'visible' || el.clientWidth === 0) return false;
    const range = document.createRange();
    range.selectNodeContents(el);
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return range.getBoundingClientRect().width > room + 0.5;
  };
  const gradient = (image: string) => /gradient\(/.test(image);
  const fades = (el: Element) => {
    const style = getComputedStyle(el);
    if ((style.maskImage && style.maskImage !== 'none') || (style.webkitMaskImage && style.webkitMaskImage !== 'none')) return true;
    if (gradient(style.backgroundImage) && style.position !== 'static' && shown(el)) return true;
    return ['::before', '::after'].some((pseudo) => {
      const p = getComputedStyle(el, pseudo);
      return p.content !== 'none' && p.content !== 'normal' && p.display !== 'none' && p.visibility !== 'hidden' && Number(p.opacity) > 0 && gradient(p.backgroundImage);
    });
  };
  const LABEL = 'a, button, [role="tab"], [role="menuitem"]';
  const screenWidth = document.documentElement.clientWidth;

  for (const row of document.querySelectorAll(selector)) {
    if (!shown(row)) continue;
    for (const el of [row, ...row.querySelectorAll('*')]) {
      if (!shown(el) || unseen(el, row)) continue;
      const label = el.closest(LABEL);
      // A favourite toggle ends a long team name in an ellipsis by design (favourite.css), its full name in its label.
      if (label?.matches('[aria-pressed]') && row.contains(label)) continue;
      if (label && row.contains(label)) {
        if (overflows(el) || ellipsised(el)) {
          report(el, `${describe(row)}: the label ${describe(label)} is cut (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
        }
        if (el !== label) continue;
        const box = label.getBoundingClientRect();
        let held = false;
        for (let at = label.parentElement; at && !held; at = at === row ? null : at.parentElement) held = clips(at);
        if (!held && (box.left < -1 || box.right > screenWidth + 1)) {
          report(label, `${describe(row)}: the label ${describe(label)} reaches past the screen's edge (${Math.round(box.left)} to ${Math.round(box.right)} px of ${screenWidth})`);
        }
        continue;
      }
      if (!clips(el) || !overflows(el)) continue;
      const where = `${describe(el)} holds ${el.scrollWidth} px in ${el.clientWidth} px`;
      const host = el.closest('[data-overflow="scroll"]') ?? el.querySelector('[data-overflow="scroll"]');
      if (!host) {
        report(el, `${where} without data-overflow="scroll"`);
        continue;
      }
      const scope = host.contains(el) ? host : el;
      const ids = [el.id, host.id].filter((id) => id !== '');
      const buttons = [
        ...[...scope.querySelectorAll('button')].filter((button) => !button.closest('li, [role="tab"]')),
        ...[...document.querySelectorAll('button[aria-controls]')].filter((button) => (button.getAttribute('aria-controls') ?? '').split(/\s+/).some((id) => ids.includes(id))),
      ];
      const chain: Element[] = [];
      for (let at: Element | null = el; at && at !== scope.parentElement; at = at.parentElement) chain.push(at);
      const edges = [...chain, ...(scope.parentElement ? [scope.parentElement] : []), ...[...scope.querySelectorAll('*')].filter((child) => !child.closest('li'))];
      if (!buttons.some(shown) && !edges.some(fades)) report(el, `${where}: data-overflow="scroll" but no visible scroll button or fade`);
    }
  }
  return problems;
}

/**
 * The header's menus that fold behind a disclosure button (the whole menu on a phone; on a wide screen, "More" once
 * the row is full), each opened in turn, checked like the rest, and closed again. How many there were.
 */
async function checkFoldedMenus(page: Page, where: string): Promise<number> {
  const toggles = page.locator('header button[aria-controls][aria-expanded]');
  let opened = 0;
  for (let i = 0, count = await toggles.count(); i < count; i += 1) {
    const toggle = toggles.nth(i);
    if (!(await toggle.isVisible()) || (await toggle.getAttribute('aria-expanded')) !== 'false') continue;
    const name = (await toggle.textContent())?.trim() ?? '';
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect.soft(await page.evaluate(cutLabels, LABEL_ROWS), `${where}, "${name}" open: labels cut without a way to scroll`).toEqual([]);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    opened += 1;
  }
  return opened;
}

/** Routes for signing in: a signed-in viewer is sent on from them, so they are judged as a visitor sees them. */
const VISITOR_ROUTES = new Set(['/login', '/registration', '/password-reset-request', '/password-reset', '/verify-email', '/confirm-account-deletion']);
/** What makes a page more than its title: something to follow, press, fill in, watch or open. */
const OFFERS_SOMETHING = 'a[href], button, input, select, textarea, video, details';

/** Lets the page lay itself out at a new size: two frames, so resize observers have run and what they changed is drawn. */
async function afterResize(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

for (const channel of ['summit', 'boreal'] as const) {
  for (const signedIn of [false, true]) {
    const who = signedIn ? 'a signed-in viewer' : 'a visitor';
    test(`${channel}, ${who}: every route has one h1, no cut labels and something to do, at 1280 and 390 px`, async ({ page, stack }) => {
      test.setTimeout(300_000);
      const origin = stack.originFor(channel);
      // The channel's demo fan: every capability, an order, favourites and a saved card, so the pages show what they
      // hold rather than their empty states.
      const fan = `fan@${channel}.test`;
      const viewer = signedIn ? { email: fan, password: DEMO_PASSWORD, token: await stack.api.login(fan, await stack.api.apiKey(CHANNEL_KEYS[channel])) } : null;
      // The visitor's clip is someone else's: the account that cut it never opens the pages.
      const { clip, processed } = await cutClip(stack, channel, viewer ?? (await openAccount(stack, { tag: `clipper-${channel}`, channel })));
      if (viewer) await withStoredToken(page, viewer.token);
      const list = visits(seeded(stack, channel), clip);
      // Each page is loaded once and checked at both widths, resized in between as a turned phone or a narrowed
      // window is. Which width it loads at alternates between the viewers and the channels (Summit's visitor and
      // Boréal's viewer load at desktop width, the other two on a phone), so every route is loaded straight into
      // each width, signed in and out.
      const [first, second] = (channel === 'summit') !== signedIn ? [VIEWPORTS[0], VIEWPORTS[1]] : [VIEWPORTS[1], VIEWPORTS[0]];
      const menusChecked = new Set<number>();
      const offering = new Set<string>();

      for (const visit of list) {
        if (visit.clip) {
          const failed = await processed;
          if (failed) throw failed;
        }
        await page.setViewportSize({ width: first.width, height: first.height });
        await page.goto(`${origin}${visit.path}`);
        const asked = `${channel}, ${who}, ${visit.path}`;
        const failures = test.info().errors.length;
        await settle(page, visit, signedIn, `${asked} at ${first.width} px`);
        // A page that never settled has said what is wrong with it; what it shows meanwhile would only add noise.
        if (test.info().errors.length > failures) continue;
        const landed = new URL(page.url());
        const stayed = landed.pathname + landed.search === visit.path;
        const where = `${asked}${stayed ? '' : ` (landed on ${landed.pathname}${landed.search})`}`;
        const judged = visit.route !== null && stayed && signedIn !== VISITOR_ROUTES.has(visit.route);
        for (const { foldsMenu, ...viewport } of [first, second]) {
          if (viewport.width !== first.width) {
            await page.setViewportSize(viewport);
            await afterResize(page);
            await settle(page, visit, signedIn, `${where} resized to ${viewport.width} px`);
          }
          const at = `${where}, ${viewport.width} px`;
          // A route's own page (not one of the other states it can land in) offers more than its title, on a wide
          // screen (a phone may fold some of it behind a button).
          if (judged && !foldsMenu) {
            await expect.soft(page.locator('main').locator(OFFERS_SOMETHING).first(), `${at}: offers nothing but its title`).toBeVisible();
            offering.add(visit.route!);
          }
          await expect.soft(page.getByRole('heading', { level: 1 }), `${at}: exactly one h1`).toHaveCount(1, { timeout: 5_000 });
          expect.soft(await page.evaluate(cutLabels, LABEL_ROWS), `${at}: labels cut without a way to scroll`).toEqual([]);
          // The header is the same on every page: its folded menus are opened once per width.
          if (!menusChecked.has(viewport.width) && !visit.plain) {
            menusChecked.add(viewport.width);
            const opened = await checkFoldedMenus(page, at);
            if (foldsMenu) expect.soft(opened, `${at}: the menu folds behind its button on a phone`).toBeGreaterThan(0);
          }
        }
      }
      // Between them, the visitor's walk and the viewer's judge every route of the table on its own page.
      const judged = ROUTES.map((route) => route.path).filter((path) => signedIn !== VISITOR_ROUTES.has(path));
      expect.soft([...offering].sort(), `${channel}, ${who}: the routes that stayed on their own page`).toEqual(judged.sort());
    });
  }
}
