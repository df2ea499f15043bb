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

async function handle(request: SimulatorRequest): Promise<void> {
  if (request.kind === 'open') {
    simulation?.stop();
    simulation = null;
    const name = machineNames.find((known) => known === request.machine) as MachineName | undefined;
    if (name === undefined) throw new Error(`no machine named ${request.machine}`);
    const { machineModels } = await models;
    const built = buildModel(name, machineModels[name]);
    try {
      simulation = createSimulation(built, { inputIndex: request.input });
    } catch (error) {
      // A link to an input the model does not have: start from the first, and say why; its steps were chosen from
      // another start, so they are not replayed.
      simulation = createSimulation(built);
      throw error;
    }
    await simulation.replay(request.chosen);
    return;
  }
  if (!simulation) throw new Error('no simulation is open');
  if (request.kind === 'choose') await simulation.choose(request.index, request.event);
  else if (request.kind === 'back') await simulation.back();
  else await simulation.reset();
}

scope.onmessage = ({ data: request }) => {
  queue = queue.then(async () => {
    let error: string | undefined;
    try {
      await handle(request);
    } catch (caught) {
      error = (caught as Error).message;
    }
    scope.postMessage({ id: request.id, view: simulation?.view() ?? null, ...(error === undefined ? {} : { error }) });
  });
};
