/** A live actor's trace: exported oldest first as stable JSON, and read back with every hostile file refused, saying why. */
import { describe, expect, it } from 'vitest';
import {
  type LiveTrace,
  TRACE_MAX_CHARS,
  TRACE_MAX_STEPS,
  exportTraceJson,
  readTrace,
  traceFileName,
  traceOf,
} from '../../statecharts/live-trace';

/** A payment actor as the live view keeps it: its latest events first. */
const actor = {
  machine: 'payment',
  name: 'payment',
  steps: [
    { at: 3000, event: 'user.submit', from: '', taken: ['payment.editing.ready user.submit #4'], value: { processing: 'buying' } },
    { at: 2000, event: 'app.offline', from: '', taken: [], value: { editing: 'ready' } },
    // Two events in the same millisecond: the one recorded later is listed first.
    { at: 1000, event: 'user.selectPurchase', from: '', payload: { purchase: { id: 7 } }, taken: ['payment.editing user.selectPurchase #0'], value: { editing: 'ready' } },
    { at: 1000, event: 'xstate.done.actor.loadOrders', from: 'loadOrders', payload: { output: [], actorId: 'loadOrders' }, taken: ['t'], value: { editing: 'ready' } },
    { at: 500, event: 'xstate.init', from: '', taken: [], value: 'loadingPurchases' },
  ],
};
const now = new Date('2026-11-26T14:25:50.561Z');
const trace = traceOf(actor, '/events/7/checkout', now);
const text = exportTraceJson(trace);

/** The exported trace with some of its fields replaced, as text. */
const edited = (change: Record<string, unknown>) => JSON.stringify({ ...JSON.parse(text), ...change });
const withStep = (at: number, change: Record<string, unknown>) => {
  const steps = JSON.parse(text).steps;
  steps[at] = { ...steps[at], ...change };
  return edited({ steps });
};

describe('the trace of a live actor', () => {
  it('lists its steps oldest first, those of one millisecond in the order they came', () => {
    expect(trace).toMatchObject({ format: 'statecharts-trace', version: 1, machine: 'payment', actor: 'payment', tab: '/events/7/checkout' });
    expect(trace.exportedAt).toBe('2026-11-26T14:25:50.561Z');
    expect(trace.steps.map((s) => s.event)).toEqual(['xstate.init', 'xstate.done.actor.loadOrders', 'user.selectPurchase', 'app.offline', 'user.submit']);
    expect(trace.steps[1]).toEqual({ at: 1000, event: 'xstate.done.actor.loadOrders', from: 'loadOrders', payload: { output: [], actorId: 'loadOrders' }, taken: ['t'], value: { editing: 'ready' } });
    // A step without a payload has none, rather than an empty one.
    expect('payload' in (trace.steps[0] ?? {})).toBe(false);
    // Copied: the live view goes on changing its own steps.
    expect(trace.steps[1]?.taken).not.toBe(actor.steps[3]?.taken);
  });

  it('reads the live view’s older payload text as JSON, and none for an empty one', () => {
    const older = traceOf({ ...actor, steps: [{ ...actor.steps[2]!, payload: '{"purchase":{"id":7}}' }, { ...actor.steps[4]!, payload: '' }] }, '/', now);
    expect(older.steps.map((s) => s.payload)).toEqual([undefined, { purchase: { id: 7 } }]);
  });

  it('exports pretty JSON with its fields in a fixed order, that reads back as the same trace', () => {
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n').slice(0, 8)).toEqual([
      '{',
      '  "format": "statecharts-trace",',
      '  "version": 1,',
      '  "machine": "payment",',
      '  "actor": "payment",',
      '  "tab": "/events/7/checkout",',
      '  "exportedAt": "2026-11-26T14:25:50.561Z",',
      '  "steps": [',
    ]);
    const reversed = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).reverse()) as T;
    const shuffled: LiveTrace = reversed({ ...trace, steps: trace.steps.map(reversed) });
    expect(Object.keys(shuffled)[0]).toBe('steps');
    expect(exportTraceJson(shuffled)).toBe(text);
    expect(readTrace(text, 'payment')).toEqual({ trace });
  });

  it('is saved under a name that says the machine, the actor and when', () => {
    expect(traceFileName(trace)).toBe('payment-2026-11-26T14-25-50Z.trace.json');
    expect(traceFileName({ ...trace, actor: 'pollOrder', machine: 'polling' })).toBe('polling-pollOrder-2026-11-26T14-25-50Z.trace.json');
    expect(traceFileName({ ...trace, actor: '../../etc/passwd' })).toBe('payment-etc-passwd-2026-11-26T14-25-50Z.trace.json');
  });
});

describe('reading a trace file', () => {
  it.each([
    ['a file too large to read', 'x'.repeat(TRACE_MAX_CHARS + 1), { kind: 'tooLarge', limit: TRACE_MAX_CHARS }],
    ['text that is not JSON', '{"format":', { kind: 'json', detail: expect.any(String) }],
    ['JSON that is not a trace', '[1, 2]', { kind: 'format' }],
    ['another format', edited({ format: 'har' }), { kind: 'format' }],
    ['a later version', edited({ version: 2 }), { kind: 'version', found: '2' }],
    ['no version', edited({ version: undefined }), { kind: 'version', found: 'none' }],
    ['a machine that is not named', edited({ machine: 7 }), { kind: 'field', field: 'machine' }],
    ['steps that are not a list', edited({ steps: {} }), { kind: 'field', field: 'steps' }],
    ['another machine’s trace', edited({ machine: 'toast' }), { kind: 'machine', expected: 'payment', found: 'toast' }],
    ['too many steps', edited({ steps: Array.from({ length: TRACE_MAX_STEPS + 1 }, () => 0) }), { kind: 'tooManySteps', found: TRACE_MAX_STEPS + 1, limit: TRACE_MAX_STEPS }],
    ['no step', edited({ steps: [] }), { kind: 'empty' }],
    ['a step that is not an object', edited({ steps: [null] }), { kind: 'step', step: 1, field: 'event' }],
    ['a step without a time', withStep(1, { at: '1000' }), { kind: 'step', step: 2, field: 'at' }],
    ['a step without an event', withStep(2, { event: '' }), { kind: 'step', step: 3, field: 'event' }],
    ['a step without a sender', withStep(0, { from: null }), { kind: 'step', step: 1, field: 'from' }],
    ['taken transitions that are not names', withStep(3, { taken: [1] }), { kind: 'step', step: 4, field: 'taken' }],
    ['a state value that is not one', withStep(4, { value: { processing: 3 } }), { kind: 'step', step: 5, field: 'value' }],
    ['a payload nested past reason', withStep(0, { payload: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) }), { kind: 'step', step: 1, field: 'payload' }],
    ['steps out of time order', withStep(4, { at: 10 }), { kind: 'order', step: 5 }],
  ])('refuses %s, saying why', (_name, input, problem) => {
    expect(readTrace(input, 'payment')).toEqual({ problem });
  });

  it('never throws, whatever the text: a state value nested past the stack is refused', () => {
    const deep = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const hostile = text.replace('"value": "loadingPurchases"', `"value": ${deep}`);
    expect(hostile).not.toBe(text);
    expect(readTrace(hostile, 'payment')).toEqual({ problem: { kind: 'step', step: 1, field: 'value' } });
    expect(readTrace('', 'payment')).toMatchObject({ problem: { kind: 'json' } });
  });

  it('keeps only the fields it knows, so nothing a file adds travels on', () => {
    const added = withStep(0, { extra: 'x' }).replace('"extra"', '"__proto__":{"polluted":true},"extra"').replace('"format"', '"note":"hi","format"');
    const read = readTrace(added, 'payment');
    expect('trace' in read && read.trace.steps[0]).toEqual(trace.steps[0]);
    expect(Object.getPrototypeOf('trace' in read ? read.trace.steps[0] : null)).toBe(Object.prototype);
    expect('trace' in read && 'note' in read.trace).toBe(false);
  });
});
