/**
 * The statecharts studio reads in French on a French-speaking channel (issue 32 point 14): every description written
 * in the machines (the machine's own, each state's, each transition's) has its French in
 * src/i18n/studio/descriptions-fr.ts, and that file keeps nothing the machines no longer say. A description changed
 * in a machine fails here until its French follows.
 */
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import { listStates, listTransitions } from '../../statecharts/machine-graph';
import { descriptionsFr } from '../../src/i18n/studio/descriptions-fr';

const written = new Set<string>();
for (const machine of Object.values(machineRegistry)) {
  for (const item of [...listStates(machine), ...listTransitions(machine)]) {
    if (item.description) written.add(item.description);
  }
}

describe('the machines’ descriptions in French', () => {
  it('has every description the machines give', () => {
    expect([...written].filter((text) => descriptionsFr[text] === undefined)).toEqual([]);
    expect(written.size).toBeGreaterThan(400);
  });

  it('keeps none the machines no longer give, and translates each (none left in English)', () => {
    expect(Object.keys(descriptionsFr).filter((text) => !written.has(text))).toEqual([]);
    const untranslated = Object.entries(descriptionsFr).filter(([english, french]) => french.trim() === '' || (french === english && english.length > 20));
    expect(untranslated).toEqual([]);
  });
});
