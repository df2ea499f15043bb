/** What the studio and its simulator worker (statecharts/simulator.worker.ts) say to each other. */
import type { SimulationView } from './model-testing/simulate';

export type SimulatorRequest = { id: number } & (
  /** `input`: which of the model's inputs to start from; one it does not have starts from the first, unreplayed. */
  | { kind: 'open'; machine: string; input: number; chosen: number[] }
  /** `event`: a payload the viewer edited, sent instead of the option's (checked by the simulation). */
  | { kind: 'choose'; index: number; event?: unknown }
  | { kind: 'back' }
  | { kind: 'reset' }
);

/** The simulation as it stands after the request (null when none could start), and why the request failed, if it did. */
export interface SimulatorReply {
  id: number;
  view: SimulationView | null;
  error?: string;
}
