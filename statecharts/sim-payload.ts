/**
 * An event payload the viewer edited in the studio's Simulate view, checked before it is sent: it must be JSON, an
 * object, and keep the event type of the variant it was edited from, so an edit stays within the events the model
 * sends in that state. The view checks as the viewer types (to say what is wrong without losing the text) and the
 * simulator checks again (statecharts/model-testing/simulate.ts). No runtime xstate: the studio's chunk imports it.
 */

/** Why an edited payload is refused: not JSON (with the parser's words), not an object, or another event type. */
export type PayloadProblem = { kind: 'json'; detail: string } | { kind: 'notObject' } | { kind: 'type'; expected: string; found: string };

export type PayloadCheck = { ok: true; event: { type: string } & Record<string, unknown> } | { ok: false; problem: PayloadProblem };

/** Checks a parsed payload against the event type it must keep. */
export function checkPayload(value: unknown, type: string): PayloadCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: { kind: 'notObject' } };
  const found = (value as { type?: unknown }).type;
  if (found !== type) {
    const said = typeof found === 'string' ? found : found === undefined ? 'missing' : JSON.stringify(found);
    return { ok: false, problem: { kind: 'type', expected: type, found: said } };
  }
  return { ok: true, event: value as { type: string } & Record<string, unknown> };
}

/** Reads the text of an edited payload and checks it. */
export function readPayload(text: string, type: string): PayloadCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: { kind: 'json', detail: (error as Error).message } };
  }
  return checkPayload(value, type);
}

/** The problem in English, as the simulator throws it (the view words it in the viewer's language). */
export function describeProblem(problem: PayloadProblem): string {
  switch (problem.kind) {
    case 'json':
      return `the payload is not JSON (${problem.detail})`;
    case 'notObject':
      return 'the payload is not a JSON object';
    case 'type':
      return `the payload's type is ${problem.found}; it must stay ${problem.expected}`;
  }
}
