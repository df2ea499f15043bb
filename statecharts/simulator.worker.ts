/**
 * The statechart studio's simulator, in a Web Worker: a detached copy of a registered machine stepped by hand
 * (statecharts/model-testing/simulate.ts) over the same models `npm test` runs. The worker is bundled on its own, so
 * xstate and the machines it loads never touch the app's chunks. One request at a time, each answered with the view.
 *
 * The models are imported dynamically, after the message handler is set: a model may await at its top level (the
 * session's loads its form checks as the machine does), and a module worker still evaluating its static imports
 * drops the messages the page posts meanwhile, so the studio waited for a first answer that never came.
 */
import { type MachineName, machineNames } from '../machines/registry';
import type { TraceReplay } from './model-testing/follow-trace';
import { type Simulation, createSimulation } from './model-testing/simulate';
import { buildModel } from './model-testing/test-model';
import type { SimulatorReply, SimulatorRequest } from './simulator-protocol';

interface WorkerScope {
  onmessage: ((event: { data: SimulatorRequest }) => void) | null;
  postMessage(message: SimulatorReply): void;
}
const scope = globalThis as unknown as WorkerScope;

let simulation: Simulation | null = null;
let queue: Promise<void> = Promise.resolve();
const models = import('../machines/models');

/** Starts a fresh simulation of the machine from one of its inputs (the first, saying why, when it has no such input). */
async function start(machine: string, input: number): Promise<Simulation> {
  simulation?.stop();
  simulation = null;
  const name = machineNames.find((known) => known === machine) as MachineName | undefined;
  if (name === undefined) throw new Error(`no machine named ${machine}`);
  const { machineModels } = await models;
  const built = buildModel(name, machineModels[name]);
  try {
    simulation = createSimulation(built, { inputIndex: input });
  } catch (error) {
    // A link to an input the model does not have: start from the first, and say why; its steps were chosen from
    // another start, so they are not replayed.
    simulation = createSimulation(built);
    throw error;
  }
  return simulation;
}

/** Handles a request; a `replay` answers how far it followed the trace. */
async function handle(request: SimulatorRequest): Promise<TraceReplay | undefined> {
  if (request.kind === 'open') {
    await (await start(request.machine, request.input)).replay(request.chosen);
    return undefined;
  }
  if (request.kind === 'replay') return (await start(request.machine, request.input)).follow(request.steps);
  if (!simulation) throw new Error('no simulation is open');
  if (request.kind === 'choose') await simulation.choose(request.index, request.event);
  else if (request.kind === 'back') await simulation.back();
  else await simulation.reset();
  return undefined;
}

scope.onmessage = ({ data: request }) => {
  queue = queue.then(async () => {
    let error: string | undefined;
    let replay: TraceReplay | undefined;
    try {
      replay = await handle(request);
    } catch (caught) {
      error = (caught as Error).message;
    }
    scope.postMessage({
      id: request.id,
      view: simulation?.view() ?? null,
      ...(error === undefined ? {} : { error }),
      ...(replay === undefined ? {} : { replay }),
    });
  });
};
