/**
 * Clip creation's UI map (machines/shared/machine-ui.ts): how each step of its model paths is done on the real clip
 * panel under the player and the test stack, for its generated spec (tests/e2e/generated/clip-creation.paths.e2e.ts).
 * A fresh viewer opens a finished game's watch page and unfolds "Make a clip"; the model's returning viewer cut a
 * clip there before through the API, and the viewer without clipping lost it afterwards. The API checks and cuts
 * the clips by itself: their cutting is held so a clip stays queued while a path follows it, then let go (cut, so it
 * can be deleted or another made) or given up by the server's own 5-minute job, made due. The server's refusal of a
 * clip's end is a clip of a live game ending after what has been broadcast (the form checks it only against the
 * game's end); a network failure is the clip's request dropped. Helpers are in tests/e2e/paths-steps-clip.ts.
 */
import type { Message } from '../../mesh/messages';
import type { ClipOutput } from '../clip/clip.types';
import { hasTag, type MachineUi, type UiContext, type UiStep, statePath } from '../shared/machine-ui';
import { queued } from '../clip/clip.model';
import { clipToResume, formErrorsOfFailure } from './clip-creation.guards';
import { END_TIME } from './clip-creation.model';
import { CLIP_DEFAULT_TAGS, type ClipCreationInput, type ClipDraft, type ClipErrors, validateDraft } from './clip-creation.types';

/** The form's messages as the English app words them (SPEC §5), by message key. */
const MESSAGE_TEXTS: Readonly<Record<string, string>> = {
  'validation.fillInput': 'Please fill in the input field',
  'validation.selectTag': 'Please select tag',
  'validation.clipTooLong': 'Your clip duration is longer than the end time',
  'validation.fieldRequired': 'Field is required',
};

/** A form message in the viewer's words: the server's own words, or the English text of its key. */
function englishOf(message: Message): string {
  const text = 'key' in message ? MESSAGE_TEXTS[message.key] : message.text;
  if (text === undefined) throw new Error(`clip-creation.ui: no English words for ${JSON.stringify(message)}`);
  return text;
}

const isSend = (step: UiStep, type: string) => step.kind === 'send' && step.event.type === type;
const isActor = (step: UiStep, kind: 'finish' | 'fail', actorId: string) => step.kind === kind && step.actorId === actorId;
const isFormRefusal = (step: UiStep) => isActor(step, 'fail', 'createClip') && Object.keys(formErrorsOfFailure(step.event['error'])).length > 0;

const emptyDraft = (): ClipDraft => ({ name: '', startTime: 0, duration: 0, tags: [...CLIP_DEFAULT_TAGS] });

/** What the model's form holds after step `last`: its draft, its messages per field, and whether a failure shows. */
function formAfter(context: UiContext, last: number): { draft: ClipDraft; errors: ClipErrors; failure: boolean } {
  const { steps, input } = context.path;
  const { capabilities, clips } = input as ClipCreationInput;
  // A returning viewer's form holds the clip picked up again.
  const resumed = capabilities.clipping ? clipToResume(clips) : null;
  let draft: ClipDraft = resumed ? { name: resumed.name, startTime: resumed.start_time, duration: resumed.duration, tags: [...resumed.tags] } : emptyDraft();
  let errors: ClipErrors = {};
  let failure = false;
  for (const [index, step] of steps.slice(0, last + 1).entries()) {
    if (isSend(step, 'user.edit')) {
      const { changes } = step.event as unknown as { changes: Partial<ClipDraft> };
      draft = { ...draft, ...changes };
      errors = Object.fromEntries(Object.entries(errors).filter(([field]) => !(field in changes))) as ClipErrors;
      failure = false;
    } else if (isSend(step, 'user.submit')) {
      errors = validateDraft(draft, END_TIME);
      failure = false;
    } else if (isSend(step, 'user.startOver')) {
      if (!hasTag(steps[index - 1]?.expected, 'failed')) draft = emptyDraft();
      errors = {};
      failure = false;
    } else if (isActor(step, 'fail', 'createClip')) {
      errors = formErrorsOfFailure(step.event['error']);
      failure = Object.keys(errors).length === 0;
    }
  }
  return { draft, errors, failure };
}

/** The model's complete draft is typed as it is, unless the API is to refuse its end: then past a live game's edge. */
function typeCompleteDraft(context: UiContext) {
  const next = context.path.steps.slice(context.index + 1).find((step) => step.actorId === 'createClip');
  return next !== undefined && isFormRefusal(next)
    ? { needs: { game: 'live' }, run: ['await typeClipPastLiveEdge(page, stack, clipper.game);'] }
    : { run: ['await typeClip(page, PATH_CLIP);'] };
}

const form = 'clipForm(page)';

/** The form's messages in the viewer's words, and the failure above it. */
function shownAfter(context: UiContext, last: number): Set<string> {
  const { errors, failure } = formAfter(context, last);
  const shown = new Set(Object.values(errors).map(englishOf));
  if (failure) shown.add(SOMETHING_WENT_WRONG);
  return shown;
}

/** The start of the failure above the form (SPEC §8's generic message). */
const SOMETHING_WENT_WRONG = 'Something went wrong';

/** A form message, by its words: the generic failure is the alert above the form, the others are under their fields. */
const messageLocator = (text: string) =>
  text === SOMETHING_WENT_WRONG ? `${form}.getByRole('alert').filter({ hasText: /^Something went wrong/ })` : `${form}.getByText(${JSON.stringify(text)})`;

/** What the form shows in the state the model expects: the fields just changed, its messages, and those gone since. */
function editingSight(step: UiStep, context: UiContext): string[] {
  const { draft } = formAfter(context, context.index);
  const lines = [`await expect(${form}.getByRole('button', { name: 'Make the clip' })).toBeEnabled();`];
  if (isSend(step, 'user.edit')) {
    const { changes } = step.event as unknown as { changes: Partial<ClipDraft> };
    if (changes.name !== undefined) lines.push(`await expect(${form}.getByLabel('Clip name')).toHaveValue(${JSON.stringify(changes.name)});`);
    if (changes.tags !== undefined) lines.push(`await expect(${form}.getByLabel('Tags')).toHaveValue('');`);
    else if (changes.duration !== undefined && changes.name === undefined) lines.push(`await expect(${form}.getByLabel('Length (seconds)')).toHaveValue('20');`);
  } else if (step.kind === 'start' || isSend(step, 'user.startOver')) {
    lines.push(`await expect(${form}.getByLabel('Clip name')).toHaveValue(${JSON.stringify(draft.name)});`);
  }
  const shown = shownAfter(context, context.index);
  for (const text of shown) lines.push(`await expect(${messageLocator(text)}.first()).toBeVisible();`);
  // What went away in this step (an edit clears its fields' messages, a submit replaces them), once the rest is seen.
  const before = context.index === 0 ? new Set<string>() : shownAfter(context, context.index - 1);
  for (const text of before) if (!shown.has(text)) lines.push(`await expect(${messageLocator(text)}).toHaveCount(0);`);
  return lines;
}

export const clipCreationUi: MachineUi = {
  imports: [
    "import { clearTags, clipForm, clipStatus, deleteFollowedClip, dropNextClipSent, failQueuedClips, holdClipCutting, openClipPanel, openClipper, PATH_CLIP, sendClip, startAnotherClip, typeClip, typeClipPastLiveEdge } from '../paths-steps-clip';",
  ],
  prepare(needs) {
    const options = `{ game: '${needs['game'] ?? 'finished'}', clipping: ${needs['clipping'] !== 'no'}, comesBack: ${needs['comesBack'] === 'yes'} }`;
    return [`const clipper = await openClipper(stack, page, ${options});`];
  },
  // The hold is a trigger on the worker's shared stack.
  afterEach: ["stack.api.db.exec('DROP TRIGGER IF EXISTS hold_clip_cutting');"],
  start: (input) => {
    const { capabilities, clips } = input as ClipCreationInput;
    return {
      needs: { clipping: capabilities.clipping ? 'yes' : 'no', comesBack: clips.length > 0 ? 'yes' : 'no' },
      run: ['await openClipPanel(page, clipper.game);'],
    };
  },
  events: {
    'user.edit': (event, context) => {
      const { changes } = event as unknown as { changes: Partial<ClipDraft> };
      if (changes.name !== undefined) return typeCompleteDraft(context);
      if (changes.tags !== undefined) return { run: ['await clearTags(page);'] };
      return { run: ['await typeClip(page, { startTime: clipper.game.duration - 10, duration: 20 });'] };
    },
    'user.submit': () => ({ run: ['await sendClip(page);'] }),
    'user.startOver': (_event, { before }) => {
      // The panel offers "Make another clip" while the followed clip is queued, and once it is cut.
      if (hasTag(before, 'following')) return { run: ['await startAnotherClip(page);'] };
      return { run: ["await clipStatus(page).getByRole('button', { name: 'Try again' }).click();"] };
    },
  },
  outputs: {
    // The API queues what the viewer sent; its cutting is held, so the panel follows it queued.
    createClip: () => ({ arm: ['holdClipCutting(stack);'] }),
    clip: (output) => {
      const { status, failure } = output as ClipOutput;
      if (status === 'deleted') return { run: ['await deleteFollowedClip(page, stack);'] };
      if (failure === 'timeout') {
        return { unmapped: "the panel's own 5-minute limit on a queued clip: the test would wait 5 minutes, and the server's job fails the clip first" };
      }
      return { run: ['failQueuedClips(stack, clipper.email);'] };
    },
  },
  errors: {
    // The API refuses a live game's clip that ends after what has been broadcast (see typeCompleteDraft).
    createClip: (error) => (Object.keys(formErrorsOfFailure(error)).length > 0 ? { needs: { game: 'live' } } : { arm: ['await dropNextClipSent(page);'] }),
    clip: () => ({
      unmapped: 'the followed clip bears every failure itself (a failed check is tried again, a failed deletion keeps the clip): nothing on the stack breaks it down',
    }),
  },
  see(expected, step, context) {
    const state = statePath(expected.value);
    if (state === 'notIncluded') {
      return [
        "await expect(page.getByText('Your pass does not include clipping.')).toBeVisible();",
        "await expect(page.getByRole('link', { name: 'See passes and prices' })).toHaveAttribute('href', '/packages');",
        `await expect(${form}).toHaveCount(0);`,
      ];
    }
    if (state === 'submitting') return { unseen: 'passes by itself' };
    if (state === 'editing') return editingSight(step, context);
    if (state === 'following') {
      return [
        "await expect(clipStatus(page)).toHaveAttribute('data-status', 'queued');",
        `await expect(clipStatus(page).getByRole('status')).toHaveText(${JSON.stringify(`“${queued.name}” is being cut. It is ready within 5 minutes.`)});`,
      ];
    }
    // The panel checks a queued clip every 3 seconds; the server's job runs every half second.
    if (state === 'failed') {
      return [
        "await expect(clipStatus(page)).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });",
        "await expect(clipStatus(page).getByRole('alert')).toHaveText('The clip could not be made.');",
      ];
    }
    if (state === 'deleted') {
      return ["await expect(clipStatus(page)).toHaveAttribute('data-status', 'deleted');", "await expect(clipStatus(page).getByRole('alert')).toHaveText('The clip is deleted.');"];
    }
    return { unseen: `no sign of ${state} is mapped` };
  },
};
