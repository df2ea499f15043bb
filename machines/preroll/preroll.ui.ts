/**
 * The preroll's UI map (machines/shared/machine-ui.ts): how each step of the preroll model's paths is done on the
 * real app and test stack, for its generated spec (tests/e2e/generated/preroll.paths.e2e.ts). The paths run on
 * Boréal, whose prerolls and timeout are the model's input (one for a venue, one for some sports, one for finished
 * games; 30 minutes off once one played). Each test adds the games it opens, placed as the model's stand to those
 * prerolls, and its own viewer: a visitor, or a new account with ads or with the no_ads capability.
 *
 * A request is the viewer opening the game's watch page (a new page load, so a new player, whose preroll rules decide
 * afresh: after `player.load` the machine keeps nothing but the settings, so a fresh one decides alike). The viewer,
 * the clock, the draw and local storage are the app's own; a time "prerolls still off" is one kept from an earlier
 * visit; the demo preroll plays to its end by itself (about six seconds), and fails when the network drops its files.
 * Helpers are in tests/e2e/paths-steps-preroll.ts.
 */
import { hasTag, type MachineUi, type UiAnswer, type UiContext, type UiStep, statePath } from '../shared/machine-ui';
import type { PrerollRequest } from './preroll.machine';
import { FINISHED_ELSEWHERE, HOCKEY_AT_ARENA, LIVE_ELSEWHERE } from './preroll.model';
import { type PlayableEvent, type PrerollSettings, type PrerollViewer, matchingPrerolls, prerollTimeoutMs } from './preroll.types';

type GameKind = 'hockeyAtArena' | 'finishedElsewhere' | 'liveElsewhere';

/** The model's games by id, named as the spec's helper adds them (the name is also the spec's variable). */
const GAMES = new Map<number, GameKind>([
  [HOCKEY_AT_ARENA.id, 'hockeyAtArena'],
  [FINISHED_ELSEWHERE.id, 'finishedElsewhere'],
  [LIVE_ELSEWHERE.id, 'liveElsewhere'],
]);

type ViewerKind = 'visitor' | 'withAds' | 'noAds';

const isSend = (step: UiStep, type: string) => step.kind === 'send' && step.event.type === type;
const isActor = (step: UiStep, kind: 'finish' | 'fail', actorId: string) => step.kind === kind && step.actorId === actorId;
const before = (context: UiContext): readonly UiStep[] => context.path.steps.slice(0, context.index);

/** The event the path has open at step `index`: the last one loaded up to it. */
function eventAt(steps: readonly UiStep[], index: number): PlayableEvent | null {
  const load = steps.slice(0, index + 1).findLast((step) => isSend(step, 'player.load'));
  return load ? (load.event as unknown as { request: PrerollRequest }).request.event : null;
}

const kindAt = (steps: readonly UiStep[], index: number): GameKind | undefined => GAMES.get(eventAt(steps, index)?.id ?? -1);

const viewerKindOf = (viewer: PrerollViewer): ViewerKind => (viewer.noAds ? 'noAds' : viewer.id === null ? 'visitor' : 'withAds');

/** Who watches in the whole path (the app's viewer does not change between loads): a visitor unless a step says. */
function viewerOf(context: UiContext): ViewerKind {
  const read = context.path.steps.findLast((step) => isActor(step, 'finish', 'readViewer'));
  return read ? viewerKindOf(read.event['output'] as PrerollViewer) : 'visitor';
}

/** An ad of the path ended on the game before step `index`, and the app stored until when prerolls are off. */
function writtenBefore(context: UiContext, index: number, kind: GameKind): boolean {
  const steps = context.path.steps;
  return steps.slice(0, index).some((step, i) => isActor(step, 'finish', 'writeDisabledUntil') && kindAt(steps, i) === kind);
}

/** Prerolls are kept off for the game from an earlier visit: the path reads a time still to come that it never wrote. */
function keptOff(context: UiContext, kind: GameKind): boolean {
  const steps = context.path.steps;
  return steps.some(
    (step, index) =>
      isActor(step, 'finish', 'readDisabledUntil') && step.event['output'] !== null && kindAt(steps, index) === kind && !writtenBefore(context, index, kind),
  );
}

/** Prerolls are off for the viewer and the game at step `index`: kept from an earlier visit, or stored as an ad ended. */
const offAt = (context: UiContext, index: number, kind: GameKind): boolean => writtenBefore(context, index, kind) || keptOff(context, kind);

/** The network drops the ad's files from the first load on: a path where an ad fails. */
const adsDropped = (context: UiContext): boolean => context.path.steps.some((step) => isSend(step, 'player.prerollFailed'));

/** The preroll files that suit the event: the model's preroll n is the channel's n-th, played from `preroll-<n>`. */
function suitableSlugs(context: UiContext, event: PlayableEvent): string[] {
  return matchingPrerolls((context.path.input as PrerollSettings).prerolls, event).map((preroll) => `preroll-${preroll.id}`);
}

/** A step whose sight reads what the app stored for the viewer: the spec keeps the viewer it signs in. */
const STORAGE_CHECKED = { needs: { storageChecked: 'yes' } };

const DROP_ADS = "await page.route('**/media/prerolls/**', (route) => route.abort('connectionfailed'));";

const events: MachineUi['events'] = {
  'player.load': (event) => {
    const { request } = event as unknown as { request: PrerollRequest };
    const kind = GAMES.get(request.event.id);
    if (kind === undefined) return { unmapped: `no game of the channel stands for event ${request.event.id}` };
    return { needs: { [`game:${kind}`]: 'yes' }, run: [`await openPathGame(page, stack, ads, ${kind});`] };
  },
  // The demo preroll plays to its end by itself.
  'player.prerollEnded': (_event, context): UiAnswer =>
    adsDropped(context) ? { unmapped: "the ad's files are dropped for the whole visit once an ad of the path fails" } : {},
  'player.prerollFailed': (_event, context) =>
    before(context).some((step) => isSend(step, 'player.prerollFailed')) ? STORAGE_CHECKED : { ...STORAGE_CHECKED, arm: [DROP_ADS] },
};

const STORAGE_NEVER_FAILS =
  "the app's storage adapter never fails (src/adapters/storage.ts): an unreadable entry reads as nothing stored, a refused write is dropped, so both end as the model's done";

const outputs: MachineUi['outputs'] = {
  // The session settles on the viewer the test signed in (or none).
  readViewer: (viewer) => ({ needs: { viewer: viewerKindOf(viewer as PrerollViewer) } }),
  // Date.now, as the app reads it.
  readClock: () => ({}),
  readEndClock: () => ({}),
  readDisabledUntil: (until, context) => {
    const kind = kindAt(context.path.steps, context.index);
    if (kind === undefined) return { unmapped: 'no game is open' };
    if (until === null) {
      return offAt(context, context.index, kind) ? { unmapped: 'prerolls were kept off for this viewer and game: the app reads that time' } : {};
    }
    // The app's own time, from an ad that ended; else one kept from an earlier visit.
    return writtenBefore(context, context.index, kind) ? {} : { needs: { off: kind, storageChecked: 'yes' } };
  },
  // Math.random: which of the suitable prerolls plays is the app's draw, so the spec accepts any of them.
  drawRandom: () => ({}),
  writeDisabledUntil: () => STORAGE_CHECKED,
};

const errors: MachineUi['errors'] = {
  readViewer: () => ({ unmapped: "the app's session lives as long as the page: it always settles on who watches" }),
  readClock: () => ({ unmapped: "the app's clock is Date.now, which cannot fail" }),
  readEndClock: () => ({ unmapped: "the app's clock is Date.now, which cannot fail" }),
  readDisabledUntil: () => ({ unmapped: STORAGE_NEVER_FAILS }),
  drawRandom: () => ({ unmapped: "the app's draw is Math.random, which cannot fail" }),
  writeDisabledUntil: () => ({ unmapped: STORAGE_NEVER_FAILS }),
};

const PLAYING = "await expect(watchPlayer(page)).toHaveAttribute('data-status', 'playing', { timeout: 30_000 });";
const NO_AD_LABEL = 'await expect(adLabel(page)).toHaveCount(0);';
const NO_AD_ASKED = 'expect(ads.slugs()).toEqual([]);';

/** An ad that suits the event is asked for, and labelled "Ad" while it plays (unless its files are dropped: it fails at once). */
function adSight(context: UiContext, event: PlayableEvent): string[] {
  const slugs = `[${suitableSlugs(context, event).map((slug) => `'${slug}'`).join(', ')}]`;
  return [
    ...(adsDropped(context) ? [] : ["await expect(adLabel(page)).toBeVisible({ timeout: 30_000 });"]),
    'await expect.poll(() => ads.slugs(), { timeout: 30_000 }).not.toEqual([]);',
    `expect(${slugs}).toEqual(expect.arrayContaining(ads.slugs()));`,
  ];
}

/** What the decision of a request still being checked comes to, once the viewer is known: an ad, or the game at once. */
function decisionSight(context: UiContext): string[] {
  const event = eventAt(context.path.steps, context.index);
  const kind = kindAt(context.path.steps, context.index);
  if (event === null || kind === undefined) return [];
  const noAd = viewerOf(context) === 'noAds' || suitableSlugs(context, event).length === 0 || offAt(context, context.index, kind);
  return [
    '// Checking passes by itself; what it decides:',
    ...(noAd ? [PLAYING, NO_AD_LABEL, NO_AD_ASKED] : adSight(context, event)),
  ];
}

function contentSight(step: UiStep, context: UiContext): string[] {
  const kind = kindAt(context.path.steps, context.index);
  const lines = [PLAYING, NO_AD_LABEL];
  if (isSend(step, 'player.prerollFailed')) {
    // The viewer is not told of the ad's failure, and nothing is stored: the ad may play next time.
    lines.push("await expect(watchPlayer(page).getByRole('alert')).toHaveCount(0);", `expect(await prerollsOffUntil(page, viewer, ${kind})).toBeNull();`);
  } else if (isActor(step, 'finish', 'writeDisabledUntil')) {
    const timeout = prerollTimeoutMs((context.path.input as PrerollSettings).timeoutMs);
    lines.push(`await expectPrerollsOff(page, viewer, ${kind}, ${timeout});`);
  } else if (isActor(step, 'finish', 'readViewer') || isActor(step, 'finish', 'readDisabledUntil')) {
    lines.push(NO_AD_ASKED);
  }
  return lines;
}

export const prerollUi: MachineUi = {
  imports: [
    'import { adLabel, addPathGame, expectPrerollsOff, keepPrerollsOff, openPathGame, prerollsOffUntil, prerollViewer, recordPrerolls, watchPlayer } from \'../paths-steps-preroll\';',
  ],
  prepare(needs) {
    const lines = [
      // A path plays up to two ads of about six seconds and waits for first frames, on a busy machine.
      'test.setTimeout(120_000);',
      'const ads = recordPrerolls(page);',
    ];
    for (const kind of GAMES.values()) {
      if (needs[`game:${kind}`] === 'yes') lines.push(`const ${kind} = addPathGame(stack, '${kind}');`);
    }
    const signIn = `await prerollViewer(page, stack, '${needs['viewer'] ?? 'visitor'}');`;
    lines.push(needs['storageChecked'] === 'yes' ? `const viewer = ${signIn}` : signIn);
    if (needs['off'] !== undefined) lines.push(`await keepPrerollsOff(page, viewer, ${needs['off']});`);
    return lines;
  },
  // The games a test added: the worker's later suites pick seeded ones.
  afterEach: ["stack.api.db.prepare(\"DELETE FROM events WHERE name LIKE 'Path game %'\").run();"],
  events,
  outputs,
  errors,
  see(expected, step, context) {
    const state = statePath(expected.value);
    const last = context.index === context.path.steps.length - 1;
    if (state === 'idle') return { unseen: 'nothing plays before the viewer opens a game' };
    if (hasTag(expected, 'busy')) return last ? decisionSight(context) : { unseen: 'passes by itself' };
    if (state === 'playing') {
      const event = eventAt(context.path.steps, context.index);
      return event === null ? { unseen: 'no game is open' } : adSight(context, event);
    }
    if (state === 'recording.readingClock') return ["await expect(adLabel(page)).toBeHidden({ timeout: 30_000 });", PLAYING];
    if (state === 'recording.storing') return { unseen: 'passes by itself' };
    if (state === 'content') return contentSight(step, context);
    return { unseen: `no sign of ${state} is mapped` };
  },
};
