/**
 * The statechart studio's simulator, seen from the page: a store over the Web Worker that steps a detached copy of a
 * machine (statecharts/simulator.worker.ts). The worker starts with the first `open` and ends with `close`; requests
 * are answered in order, and the store holds the latest view and what went wrong, if anything, and how far a
 * replayed trace was followed.
 */
import type { LiveTrace } from '../../statecharts/live-trace';
import type { TraceReplay } from '../../statecharts/model-testing/follow-trace';
import type { SimulationView } from '../../statecharts/model-testing/simulate';
import { type SimLink, type SimLinkOutcome, inputLinkOutcome, simLinkOutcome } from '../../statecharts/sim-link';
import type { SimulatorReply, SimulatorRequest } from '../../statecharts/simulator-protocol';

export interface SimulatorState {
  /** A request is on its way. */
  busy: boolean;
  view: SimulationView | null;
  /** Why the last request failed (an index the state does not offer, a machine that does not start). */
  error: string | null;
  /** How far the link `open` replayed fell short of what it asked (null when it replayed it all), until the next step. */
  link: SimLinkOutcome | null;
  /** The link's `?input=` when the simulation could not start from it (it started from the first), until the next step. */
  inputLink: { asked: string } | null;
  /**
   * The trace `replay` followed (its actor, its page, whether it begins with the actor's start) and how far it got,
   * until the next request.
   */
  trace: TracedReplay | null;
}

export interface TracedReplay {
  actor: string;
  tab: string;
  fromStart: boolean;
  replay: TraceReplay;
}

type Request = SimulatorRequest extends infer R ? (R extends SimulatorRequest ? Omit<R, 'id'> : never) : never;

export interface SimulatorClient {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SimulatorState;
  /** Starts a simulation of the machine from the link's input and replays the options a `?sim=` link chose. */
  open(machine: string, link: SimLink): void;
  /** Chooses an option; for a send, with an edited payload instead of the option's when `event` is given. */
  choose(index: number, event?: unknown): void;
  back(): void;
  reset(): void;
  /** Starts afresh from one of the model's inputs and follows a recorded trace's steps. */
  replay(machine: string, input: number, trace: LiveTrace): void;
  close(): void;
}

export function createSimulatorClient(): SimulatorClient {
  let worker: Worker | null = null;
  let nextId = 1;
  let pending = 0;
  const initial: SimulatorState = { busy: false, view: null, error: null, link: null, inputLink: null, trace: null };
  let state = initial;
  /** The open request in flight and the link it replays: its answer says how far the replay got. */
  let opening: { id: number; link: SimLink } | null = null;
  /** The replay request in flight and the trace it follows: its answer says how far it got. */
  let tracing: ({ id: number } & Omit<TracedReplay, 'replay'>) | null = null;
  const listeners = new Set<() => void>();
  const set = (next: Partial<SimulatorState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const send = (request: Request): number => {
    worker ??= startWorker();
    pending += 1;
    // A step of the viewer's own supersedes what the link, or the trace replayed before, said.
    set({ busy: true, trace: null, ...(request.kind === 'open' ? {} : { link: null, inputLink: null }) });
    const id = nextId++;
    worker.postMessage({ ...request, id } as SimulatorRequest);
    return id;
  };
  const startWorker = () => {
    const started = new Worker(new URL('../../statecharts/simulator.worker.ts', import.meta.url), { type: 'module', name: 'statechart-simulator' });
    started.onmessage = ({ data }: MessageEvent<SimulatorReply>) => {
      pending -= 1;
      const opened = opening?.id === data.id ? opening : null;
      if (opened) opening = null;
      const traced = tracing?.id === data.id ? tracing : null;
      if (traced) tracing = null;
      set({
        busy: pending > 0,
        view: data.view,
        error: data.error ?? null,
        ...(opened && data.view
          ? { link: simLinkOutcome(opened.link, data.view.chosen), inputLink: inputLinkOutcome(opened.link, data.view.input) }
          : {}),
        ...(traced && data.replay ? { trace: { actor: traced.actor, tab: traced.tab, fromStart: traced.fromStart, replay: data.replay } } : {}),
      });
    };
    started.onerror = (event) => {
      pending = 0;
      set({ busy: false, error: event.message || 'The simulator stopped.' });
    };
    return started;
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    open(machine, link) {
      opening = { id: send({ kind: 'open', machine, input: link.input, chosen: [...link.steps] }), link };
    },
    choose: (index, event) => send({ kind: 'choose', index, ...(event === undefined ? {} : { event }) }),
    back: () => send({ kind: 'back' }),
    reset: () => send({ kind: 'reset' }),
    replay(machine, input, trace) {
      const steps = trace.steps.map(({ event, payload, taken, value }) => ({ event, taken, value, ...(payload === undefined ? {} : { payload }) }));
      // The live view keeps an actor's latest events only: a long-lived actor's trace may begin after its start.
      const fromStart = trace.steps[0]?.event === 'xstate.init';
      tracing = { id: send({ kind: 'replay', machine, input, steps }), actor: trace.actor, tab: trace.tab, fromStart };
    },
    close() {
      worker?.terminate();
      worker = null;
      pending = 0;
      opening = null;
      tracing = null;
      state = initial;
    },
  };
}
