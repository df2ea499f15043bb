/**
 * The statechart studio (src/views/statecharts): its live view, the machine actors running in this tab and in the
 * other tabs of the browser that answered (src/app/logic/live-inspection.ts), and its simulator.
 */
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { createSimulatorClient } from '../../adapters/statechart-simulator';
import type { LiveTrace } from '../../../statecharts/live-trace';
import type { SimLink } from '../../../statecharts/sim-link';
import type { LiveTab } from '../logic/live-shared';
import { useLiveInspection } from '../flow';

const nothing = () => () => undefined;
const none = () => null;

/** Every tab's running actors, this tab first; asks the other tabs once when the studio opens. Null without the live view. */
export function useLiveTabs(): readonly LiveTab[] | null {
  const live = useLiveInspection();
  useEffect(() => live?.follow(), [live]);
  return useSyncExternalStore(live ? live.subscribe : nothing, live ? live.tabs : none);
}

/**
 * A detached copy of a machine stepped by hand (the studio's Simulate view), in its own worker while the view is
 * shown: it starts with the machine's name, the input and the options a `?input=&sim=` link chose, and hands back the
 * view (with how far the link, or a replayed trace, fell short, if it did) and intent senders.
 */
export function useSimulator(machine: string, link: SimLink) {
  const [client] = useState(createSimulatorClient);
  const state = useSyncExternalStore(client.subscribe, client.getSnapshot);
  // The link is read when the machine opens; later steps come from the simulator's own view.
  const start = useEffectEvent(() => client.open(machine, link));
  useEffect(() => {
    start();
    return () => client.close();
  }, [client, machine]);
  return {
    ...state,
    choose: (index: number) => client.choose(index),
    /** Sends a send option with the payload the viewer edited (the simulation refuses one that is not of its type). */
    sendEdited: (index: number, event: unknown) => client.choose(index, event),
    /** Starts over from another of the model's inputs. */
    startFrom: (input: number) => client.open(machine, { steps: [], asked: 0, input }),
    back: () => client.back(),
    reset: () => client.reset(),
    /** Starts over from the current input and follows a trace the Live view exported (read by `readTrace`). */
    replayTrace: (trace: LiveTrace, input: number) => client.replay(machine, input, trace),
  };
}
