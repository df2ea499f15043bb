/** What the studio and its simulator worker (statecharts/simulator.worker.ts) say to each other. */
import type { FollowedStep, TraceReplay } from './model-testing/follow-trace';
import type { SimulationView } from './model-testing/simulate';

export type SimulatorRequest = { id: number } & (
  /** `input`: which of the model's inputs to start from; one it does not have starts from the first, unreplayed. */
  | { kind: 'open'; machine: string; input: number; chosen: number[] }
  /** `event`: a payload the viewer edited, sent instead of the option's (checked by the simulation). */
  | { kind: 'choose'; index: number; event?: unknown }
  | { kind: 'back' }
  | { kind: 'reset' }
  /** Starts afresh from `input`, as `open` does, and follows a recorded trace's steps (statecharts/live-trace.ts). */
  | { kind: 'replay'; machine: string; input: number; steps: FollowedStep[] }
);

/** The simulation as it stands after the request (null when none could start), and why the request failed, if it did. */
export interface SimulatorReply {
  id: number;
  view: SimulationView | null;
  error?: string;
  /** For a `replay`: how far the trace was followed, and why it stopped short, if it did. */
  replay?: TraceReplay;
}
