/**
 * A path's title: what it proves, in words, from its steps (`pick Lakers @ Huskies, pay with a saved card, order
 * declined → error`). Each step reads as the model's `titles` hint says where it gives one
 * (machines/shared/machine-model.ts), else generically: the event type in words, an actor's result or error by its
 * short label. QA reads a list of titles to pick the path they want, so the words matter more than the payloads.
 */
import type { AnyMachineModel, PathTitles } from '../../machines/shared/machine-model';
import type { DescribableStep } from './describe';

/** `user.selectPurchase` → `select purchase`, `toast.show` → `toast show`, `loadSavedCards` → `load saved cards`. */
export function humanize(name: string): string {
  const segments = name.split('.');
  // The viewer is who acts in most flows: "select purchase" says it, "user select purchase" only adds noise.
  if (segments.length > 1 && segments[0] === 'user') segments.shift();
  return segments
    .join(' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

/** Fields that name a value, in the order they are asked: a result or status says more than a type or an id. */
const LABEL_KEYS = ['result', 'status', 'kind', 'name', 'title', 'label', 'code', 'type', 'id'];
const MAX_LABEL = 40;

function clip(text: string): string {
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
}

/**
 * A few words naming a value (a payload, an output, an error), or undefined when nothing short names it: a string
 * or number as it is, a list by its length, an object by its first naming field (or its only field), an error by
 * its message.
 */
export function shortLabel(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? '(blank)' : clip(value.trim());
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // An error says what went wrong in its message; its name (ClientRequestError) says nothing to QA.
  if (value instanceof Error) return value.message.trim() === '' ? value.name : clip(value.message.trim());
  if (Array.isArray(value)) return value.length === 0 ? 'none' : `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  for (const key of LABEL_KEYS) {
    const field = record[key];
    if (typeof field === 'string' || typeof field === 'number') return shortLabel(field);
  }
  const keys = Object.keys(record);
  return keys.length === 1 ? shortLabel(record[keys[0] ?? '']) : undefined;
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/** How one step reads in a title; '' leaves it out. The studio's Simulate view names a payload variant by it. */
export function stepPhrase(titles: PathTitles | undefined, step: DescribableStep): string {
  const { event } = step;
  const actor = step.actorId ?? '';
  switch (step.kind) {
    case 'start':
      return '';
    case 'wait': {
      const { written, ms } = step.delay ?? { written: '?', ms: undefined };
      return typeof written === 'number' ? `after ${written} ms` : `after ${humanize(written)}${ms === undefined ? '' : ` (${ms} ms)`}`;
    }
    case 'finish': {
      const { output } = event as { output?: unknown };
      const hint = titles?.outputs?.[actor] ?? titles?.events?.[`${DONE}${actor}`];
      if (hint !== undefined) return typeof hint === 'string' ? hint : hint(output);
      const label = shortLabel(output);
      return `${humanize(actor)}${label === undefined ? ' done' : `: ${label}`}`;
    }
    case 'fail': {
      const { error } = event as { error?: unknown };
      const hint = titles?.errors?.[actor] ?? titles?.events?.[`${ERROR}${actor}`];
      if (hint !== undefined) return typeof hint === 'string' ? hint : hint(error);
      const label = shortLabel(error);
      return `${humanize(actor)} fails${label === undefined ? '' : ` (${label})`}`;
    }
    default: {
      const hint = titles?.events?.[event.type];
      if (hint !== undefined) return typeof hint === 'string' ? hint : hint(event);
      const { type, ...payload } = event;
      const label = Object.keys(payload).length ? shortLabel(payload) : undefined;
      return label === undefined ? humanize(type) : `${humanize(type)} ${label}`;
    }
  }
}

/** What a path starts with, when the model has several inputs: the model's words for it, or which input it is. */
function inputPhrase(model: AnyMachineModel, input: unknown): string {
  const inputs = model.inputs;
  if (inputs === undefined || inputs.length < 2) return '';
  const hint = model.titles?.inputs?.(input);
  if (hint !== undefined) return hint;
  const label = shortLabel(input);
  return label === undefined ? `from input ${inputs.indexOf(input as never) + 1}` : `from ${label}`;
}

/**
 * The title of a path: its steps' phrases in order, a step repeated in a row written once with `×n`, then the state
 * it ends in. A path that does nothing but start is named by its end alone.
 */
export function pathTitle(
  model: AnyMachineModel,
  path: { input: unknown; end: string; steps: readonly DescribableStep[] },
): string {
  const phrases = [inputPhrase(model, path.input), ...path.steps.map((step) => stepPhrase(model.titles, step))].filter(
    (phrase) => phrase !== '',
  );
  const runs: Array<{ phrase: string; times: number }> = [];
  for (const phrase of phrases) {
    const last = runs.at(-1);
    if (last?.phrase === phrase) last.times++;
    else runs.push({ phrase, times: 1 });
  }
  const words = runs.map(({ phrase, times }) => (times > 1 ? `${phrase} ×${times}` : phrase)).join(', ');
  return words === '' ? `start → ${path.end}` : `${words} → ${path.end}`;
}
