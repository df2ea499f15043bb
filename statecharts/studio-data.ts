/**
 * What the statechart studio shows, computed when the app is built (the `virtual:statecharts` module of
 * vite.config.ts): every machine of the registry with its description and its ELK layout. The browser gets the
 * laid-out diagrams as data, so the studio's chunk holds neither ELK nor the machines themselves.
 */
import ELK from 'elkjs';
import { machineNames, machineRegistry } from '../machines/registry';
import { layoutMachine, type MachineLayout } from './layout';

export interface StudioMachine {
  name: string;
  /** `machine.id`: how the live view knows a running actor's machine. */
  id: string;
  description: string;
  layout: MachineLayout;
}

export async function studioData(): Promise<StudioMachine[]> {
  const elk = new ELK();
  const machines: StudioMachine[] = [];
  for (const name of machineNames) {
    const machine = machineRegistry[name];
    machines.push({ name, id: machine.id, description: machine.root.description ?? '', layout: await layoutMachine(machine, elk) });
  }
  return machines;
}
