/**
 * The front of the statechart studio's live recorder: what every page loads of it. The recorder itself
 * (live-inspection.ts, with its redaction and the machine graph's transition ids, about 3.5 kB gzip) is a chunk of
 * its own, and ordinary viewers never open the studio: it loads once the browser is idle after startup, or at once
 * when a studio needs it (a studio tab says `hello` or `here`, the studio runs in this tab, or the tab's previous
 * page kept a record for this one).
 *
 * Until then the front holds, in the order they came and with the time each came, what the recorder must hear from
 * the start: the inspection events of the actors screens create, the actors the shell observes (as they were then),
 * and the channel's messages. The recorder then replays them all, its clock set to each one's time, and ends with
 * exactly what it would have recorded had it been there from the start.
 */
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { whenBrowserIdle } from '../../adapters/idle';
import type { StorageBackend } from '../../adapters/storage';
import type { LiveRecording, createLiveInspection } from './live-inspection';
import { LIVE_KEPT_KEY, observedTree, type LiveChannel, type LiveInspection, type LiveTab, type ObservedActor } from './live-shared';

/** What the front holds until the recorder is there, each with when it came. */
type Held =
  | { kind: 'event'; at: number; event: InspectionEvent }
  | { kind: 'tree'; at: number; tree: ObservedActor[] }
  | { kind: 'message'; at: number; message: MessageEvent }
  | { kind: 'follow'; at: number };

/** The recorder's module, as the front uses it (tests hand it over at once). */
interface RecorderModule {
  createLiveInspection: typeof createLiveInspection;
}

/**
 * How much the front holds before it loads the recorder without waiting for idle time: a busy first page (a
 * player's progress events, say) must not grow it without end.
 */
const HELD_MAX = 5_000;
/** The longest the browser's idle time is waited for (then the recorder loads anyway); without requestIdleCallback, a
 * plain wait after startup. */
const IDLE_WAIT = { timeoutMs: 5_000, fallbackMs: 2_000 };

/** Whether the tab's previous page kept a record for this one (live-inspection.ts reads it once it loads). */
function keptRecord(storage: StorageBackend | undefined): boolean {
  try {
    return storage?.getItem(LIVE_KEPT_KEY) != null;
  } catch {
    return false;
  }
}

/**
 * A tab's live inspection, its recorder loaded later (see the file's comment); the options are the recorder's
 * (createLiveInspection), plus, for tests, how it loads (`load`), when the browser is idle (`whenIdle`), and how
 * much is held before it loads at once (`heldMax`).
 */
export function createLiveRecorder(options: {
  channel: LiveChannel | null;
  where: () => string;
  now?: () => number;
  tabId?: string;
  storage?: StorageBackend;
  load?: () => Promise<RecorderModule>;
  whenIdle?: (task: () => void) => () => void;
  heldMax?: number;
}): LiveInspection {
  const { channel, where, tabId, storage } = options;
  const now = options.now ?? Date.now;
  const load = options.load ?? (() => import('./live-inspection'));
  const heldMax = options.heldMax ?? HELD_MAX;
  let held: Held[] = [];
  let recording: LiveRecording | null = null;
  /** 'waiting' for idle time or a studio, 'loading', 'loaded' (`recording` is set), or 'closed' before it loaded. */
  let phase: 'waiting' | 'loading' | 'loaded' | 'closed' = 'waiting';
  /** While the recorder replays what was held: the time it came, which the recorder's clock reads. */
  let replayedAt: number | null = null;
  const listeners = new Set<() => void>();
  const systems = new WeakSet<object>();
  /** This tab with nothing recorded yet, the same array until the recorder is there. */
  let waitingView: readonly LiveTab[] | null = null;

  const loaded = (module: RecorderModule) => {
    if (phase !== 'loading') return;
    // The front said `here` at startup; the recorder takes the channel over from here on.
    const live = module.createLiveInspection({ channel, where, storage, announced: true, tabId, now: () => replayedAt ?? now() });
    for (const item of held) {
      replayedAt = item.at;
      if (item.kind === 'event') live.inspect(item.event);
      else if (item.kind === 'tree') live.record(item.tree);
      // The recorder's own handler, which it has just set on the channel.
      else if (item.kind === 'message') channel?.onmessage?.(item.message);
      else live.follow();
    }
    replayedAt = null;
    held = [];
    recording = live;
    phase = 'loaded';
    // Listeners hear of the recorder's changes from now on, and once now for all it replayed.
    live.subscribe(() => {
      for (const listener of listeners) listener();
    });
    for (const listener of listeners) listener();
  };

  let cancelIdle = () => {};
  function loadNow() {
    if (phase !== 'waiting') return;
    phase = 'loading';
    cancelIdle();
    load().then(loaded, () => {
      // The chunk did not load (offline, or a newer deployment replaced it): what was held is dropped, so it cannot
      // grow without end, and the next studio's call (or a full hold) tries again.
      if (phase !== 'loading') return;
      phase = 'waiting';
      held = [];
    });
  }

  cancelIdle = (options.whenIdle ?? ((task) => whenBrowserIdle(task, IDLE_WAIT)))(loadNow);

  const hold = (item: Held) => {
    if (phase === 'closed') return;
    held.push(item);
    if (held.length >= heldMax) loadNow();
  };

  const inspect = (event: InspectionEvent) => {
    if (recording) recording.inspect(event);
    else hold({ kind: 'event', at: now(), event });
  };

  if (channel) {
    channel.onmessage = (message: MessageEvent) => {
      // The recorder sets its own handler when it loads; this one only holds what came before.
      hold({ kind: 'message', at: now(), message });
      const kind = (message.data as { kind?: unknown } | null)?.kind;
      // A studio asks for this tab's actors (`hello`), or has just opened and may ask (`here`).
      if (kind === 'hello' || kind === 'here') loadNow();
    };
    // A tab that opens (or reloads) after the studio: the studio greets it back, which loads the recorder.
    channel.postMessage({ kind: 'here' });
  }
  // The previous page of this tab was followed by a studio: the recorder restores its record now.
  if (keptRecord(storage)) loadNow();

  return {
    inspect,
    observe(actor: AnyActorRef) {
      // The actor as it is now: a recorder loaded later replays what followed from here.
      const tree = observedTree(actor);
      if (recording) recording.record(tree);
      else hold({ kind: 'tree', at: now(), tree });
      // The front listens to each system once, for good, so the recorder never hears an event twice.
      if (systems.has(actor.system)) return;
      systems.add(actor.system);
      actor.system.inspect(inspect);
    },
    follow() {
      if (recording) return recording.follow();
      hold({ kind: 'follow', at: now() });
      loadNow();
    },
    tabs() {
      if (recording) return recording.tabs();
      waitingView ??= [{ id: tabId ?? '', where: '', own: true, actors: [] }];
      return waitingView;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      if (recording) return recording.close();
      // Before the recorder loaded, no studio has seen this tab: nothing to say goodbye to, nothing to keep (a record
      // the previous page kept stays for the next one).
      phase = 'closed';
      held = [];
      cancelIdle();
      if (channel) {
        channel.onmessage = null;
        channel.close();
      }
    },
  };
}
