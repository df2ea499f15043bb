/** Model-based suites of every machine in machines/registry.ts, from the models in machines/models.ts. */
import { describe, expect, it } from 'vitest';
import { machineNames, machineRegistry } from '../../machines/registry';
import { machineModels } from '../../machines/models';
import { describeMachineModel } from './model-runner';

describe('machine registry', () => {
  it('has a model for every machine, built on the registered machine', () => {
    const withoutModel = machineNames.filter((name) => !(name in machineModels));
    expect(withoutModel, 'add machines/<name>/<name>.model.ts and list it in machines/models.ts').toEqual([]);
    for (const name of machineNames) expect(machineModels[name].machine).toBe(machineRegistry[name]);
    expect(Object.keys(machineModels).sort()).toEqual(machineNames);
  });
});

for (const name of machineNames) describeMachineModel(name, machineModels[name]);
