/**
 * Who may cut a clip and which clip is picked up again: the clip-creation machine's guards, and the selectors views
 * ask through the facade (src/app/facades/clips.ts) instead of deciding for themselves.
 */
import { ClientRequestError } from '../../mesh/client/errors';
import type { Clip, ClipOutput } from '../clip/clip.types';
import { type ClipCreationContext, type ClipErrors, formErrorsOf, validateDraft } from './clip-creation.types';

interface ContextArgs {
  context: ClipCreationContext;
}

/** The server's per-field messages of a failed call, when the client classified one. */
export const formErrorsOfFailure = (error: unknown): ClipErrors =>
  error instanceof ClientRequestError ? formErrorsOf(error.error.userFieldErrors) : {};

export const clipCreationGuards = {
  /** The viewer's pass includes clipping (SPEC §3 capability flag): without it they are told so, and cut nothing. */
  hasClippingCapability: ({ context }: ContextArgs) => context.canClip,
  /** A clip of theirs from this event is still queued or ready ({@link clipToResume}). */
  hasClipToResume: ({ context }: ContextArgs) => context.clip !== null,
  isDraftValid: ({ context }: ContextArgs) => Object.keys(validateDraft(context.draft, context.endTime)).length === 0,
  hasFormErrors: (_: unknown, error: unknown) => Object.keys(formErrorsOfFailure(error)).length > 0,
  isDeleted: (_: unknown, output: ClipOutput) => output.status === 'deleted',
};

/**
 * The clip a viewer coming back to the event picks up again: their newest clip of it that is not failed (still
 * queued, or ready to share). Null when there is none, and the form starts empty.
 */
export function clipToResume(clips: readonly Clip[]): Clip | null {
  let newest: Clip | null = null;
  for (const clip of clips) {
    if (clip.status === 'failed') continue;
    if (newest === null || clip.created_at > newest.created_at || (clip.created_at === newest.created_at && clip.id > newest.id)) newest = clip;
  }
  return newest;
}

/**
 * Whether the clip panel is offered under the player at all: to a signed-in viewer, on a game that has started, that
 * they may watch. Whether their pass includes clipping is the machine's own guard ({@link clipCreationGuards}).
 */
export function offersClipping(viewer: { signedIn: boolean }, event: { stream_status: 'live' | 'vod' | 'upcoming' }, player: { denied: boolean }): boolean {
  return viewer.signedIn && event.stream_status !== 'upcoming' && !player.denied;
}
