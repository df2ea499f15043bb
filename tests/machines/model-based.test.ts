/** Model-based suites of every machine in machines/registry.ts, from the models in tests/machines/models.ts. */
import { describe, expect, it } from 'vitest';
import { machineNames, machineRegistry } from '../../machines/registry';
import { describeMachineModel } from './model-runner';
import { machineModels } from './models';

describe('machine registry', () => {
  it('has a model for every machine, built on the registered machine', () => {
    const withoutModel = machineNames.filter((name) => !(name in machineModels));
    expect(withoutModel, 'add tests/machines/<name>.model.ts and list it in tests/machines/models.ts').toEqual([]);
    for (const name of machineNames) expect(machineModels[name].machine).toBe(machineRegistry[name]);
    expect(Object.keys(machineModels).sort()).toEqual(machineNames);
  });
});

for (const name of machineNames) describeMachineModel(name, machineModels[name]);
