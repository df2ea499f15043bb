/**
 * How a flow's actor reaches React: one context per flow, never one bag of every actor. A flow is declared once
 * (`defineFlow`) and used two ways:
 *
 * - app-wide flows (session, app-load, toasts...) are started by the shell before React renders; `<Flow.Provider
 *   actor={...}>` hands the started actor down;
 * - a screen's flow (the player, a payment) starts with the screen: `<Flow.Scope input={...}>` starts it from the
 *   app logic (`AppLogic`, src/app/logic/) and stops it when the screen goes.
 *
 * Facade hooks (src/app/facades/) read a flow with `Flow.useSelect` (one narrow value per call) and send intents
 * through `Flow.useActor()`. Tests render the same providers with logic of their own (`AppLogicProvider`), so no
 * test-only context lives here.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { Actor, AnyStateMachine, InputFrom, InspectionEvent, SnapshotFrom } from 'xstate';
import type { AppLogic } from './logic/app-logic';
import type { LiveInspection } from './logic/live-shared';

const AppLogicContext = createContext<AppLogic | null>(null);
const LiveContext = createContext<LiveInspection | null>(null);

/**
 * Hands the app's logic (every screen flow's machine with its real effects) to the flows started below, and the
 * studio's live inspection (null without the studio), which every actor started below reports to.
 */
export function AppLogicProvider({ logic, live = null, children }: { logic: AppLogic; live?: LiveInspection | null; children: ReactNode }) {
  return (
    <AppLogicContext.Provider value={logic}>
      <LiveContext.Provider value={live}>{children}</LiveContext.Provider>
    </AppLogicContext.Provider>
  );
}

/** The studio's live inspection of this tab's actors; null when the studio is not in the build. */
export function useLiveInspection(): LiveInspection | null {
  return useContext(LiveContext);
}

/** The options an actor started by a hook (`useActorRef`) takes so that the studio sees it live. */
export function useInspectOption(): { inspect?: (event: InspectionEvent) => void } {
  const live = useContext(LiveContext);
  return live ? { inspect: live.inspect } : {};
}

/** The app's logic; what screens start their flows and reads from. */
export function useAppLogic(): AppLogic {
  const logic = useContext(AppLogicContext);
  if (!logic) throw new Error('useAppLogic: no AppLogicProvider above this component');
  return logic;
}

/** The screen flows `Flow.Scope` can start: the machines of AppLogic. */
type ScreenFlowName = { [K in keyof AppLogic]: AppLogic[K] extends AnyStateMachine ? K : never }[keyof AppLogic];

export interface Flow<TMachine extends AnyStateMachine> {
  /** Hands an actor the shell started to the components below. */
  Provider(props: { actor: Actor<TMachine>; children: ReactNode }): ReactNode;
  /** The flow's actor, for a facade's senders. */
  useActor(): Actor<TMachine>;
  /** One value of the flow's snapshot; re-renders only when it changes (`compare` for an object). */
  useSelect<T>(selector: (snapshot: SnapshotFrom<TMachine>) => T, compare?: (a: T, b: T) => boolean): T;
}

export interface ScreenFlow<TMachine extends AnyStateMachine> extends Flow<TMachine> {
  /** Starts the flow for the components below (from the app logic; `input` is read once, at the start), and stops it when they go. */
  Scope(props: { input: InputFrom<TMachine>; children: ReactNode }): ReactNode;
}

function flowContext<TMachine extends AnyStateMachine>(name: string) {
  const Context = createContext<Actor<TMachine> | null>(null);
  Context.displayName = `${name}Flow`;
  const useActor = (): Actor<TMachine> => {
    const actor = useContext(Context);
    if (!actor) throw new Error(`the ${name} flow is used outside its provider`);
    return actor;
  };
  const flow: Flow<TMachine> = {
    Provider: ({ actor, children }) => <Context.Provider value={actor}>{children}</Context.Provider>,
    useActor,
    useSelect: (selector, compare) => useSelector(useActor(), selector, compare),
  };
  return { Context, flow };
}

/** An app-wide flow: its actor is started by the shell and handed down with `Provider`. */
export function defineFlow<TMachine extends AnyStateMachine>(name: string): Flow<TMachine> {
  return flowContext<TMachine>(name).flow;
}

/** A screen's flow: `Scope` starts it from `AppLogic[name]` with the screen's input. */
export function defineScreenFlow<K extends ScreenFlowName>(name: K): ScreenFlow<AppLogic[K]> {
  type TMachine = AppLogic[K];
  const { Context, flow } = flowContext<TMachine>(name);
  function Scope({ input, children }: { input: InputFrom<TMachine>; children: ReactNode }) {
    const logic = useAppLogic()[name];
    const actor = useActorRef(logic, { input, ...useInspectOption() }) as Actor<TMachine>;
    return <Context.Provider value={actor}>{children}</Context.Provider>;
  }
  return { ...flow, Scope };
}
