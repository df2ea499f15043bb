/** What the studio and its simulator worker (statecharts/simulator.worker.ts) say to each other. */
import type { SimulationView } from './model-testing/simulate';

export type SimulatorRequest = { id: number } & (
  | { kind: 'open'; machine: string; chosen: number[] }
  | { kind: 'choose'; index: number }
  | { kind: 'back' }
  | { kind: 'reset' }
);

/** The simulation as it stands after the request (null when none could start), and why the request failed, if it did. */
export interface SimulatorReply {
  id: number;
  view: SimulationView | null;
  error?: string;
}
