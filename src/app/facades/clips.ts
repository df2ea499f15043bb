/**
 * Facades of the clip flows: clip creation (`<ClipCreationFlow.Scope>`, under the player), the profile's clip list
 * (`<ClipListFlow.Scope>`) and one clip actor (the one clip creation follows, or a row of the list), handed by
 * reference as xstate's examples hand a list item's actor. What the views show is what the machines say: tags,
 * `state.can`, and the selectors exported beside the guards.
 */
import { useSelector } from '@xstate/react';
import type { clipMachine } from '../../../machines/clip/clip.machine';
import type { ClipFailure } from '../../../machines/clip/clip.types';
import { offersClipping } from '../../../machines/clip-creation/clip-creation.guards';
import type { ClipCreationInput, ClipDraft } from '../../../machines/clip-creation/clip-creation.types';
import type { ClipListRow } from '../../../machines/clip-list/clip-list.machine';
import type { ActorRefFrom } from 'xstate';
import { ClipCreationFlow, ClipListFlow, PlayerFlow, SessionFlow } from '../flows';

/** One clip's actor: the one clip creation follows, or a row of the profile's list. */
export type ClipActor = ActorRefFrom<typeof clipMachine>;

/**
 * Whether the clip panel is offered under the player (a signed-in viewer, a game that has started, one they may
 * watch): `offersClipping`, beside the clip-creation guards. Inside the player's scope.
 */
export function useClipPanelOffered(event: { stream_status: 'live' | 'vod' | 'upcoming' }): boolean {
  const signedIn = SessionFlow.useSelect((s) => s.hasTag('loggedIn'));
  const denied = PlayerFlow.useSelect((s) => s.hasTag('denied'));
  return offersClipping({ signedIn }, event, { denied });
}

/**
 * The viewer's capability flags clip creation starts with (SPEC §3); the machine decides what they allow. Null while
 * the session is still working out who the viewer is (a page opened directly restores its token and profile first):
 * a flow reads its input once, so it must not start with the flags of nobody.
 */
export function useClipCapabilities(): ClipCreationInput['capabilities'] | null {
  const known = SessionFlow.useSelect((s) => !s.hasTag('busy'));
  const clipping = SessionFlow.useSelect((s) => s.context.capabilities.clipping);
  const downloadClip = SessionFlow.useSelect((s) => s.context.capabilities.download_clip);
  return known ? { clipping, download_clip: downloadClip } : null;
}

/** The viewer's download_clip capability, which the clip list hands to every row; null until the viewer is known. */
export function useClipDownloadCapability(): boolean | null {
  const known = SessionFlow.useSelect((s) => !s.hasTag('busy'));
  const downloadClip = SessionFlow.useSelect((s) => s.context.capabilities.download_clip);
  return known ? downloadClip : null;
}

/** Where clip creation stands, from its tags. */
export type ClipCreationStep = 'notIncluded' | 'editing' | 'following' | 'failed' | 'deleted';

export function useClipCreation() {
  const actor = ClipCreationFlow.useActor();
  const step = ClipCreationFlow.useSelect((s): ClipCreationStep => {
    if (s.hasTag('notIncluded')) return 'notIncluded';
    if (s.hasTag('following')) return 'following';
    if (s.hasTag('failed')) return 'failed';
    if (s.hasTag('deleted')) return 'deleted';
    return 'editing';
  });
  return {
    step,
    busy: ClipCreationFlow.useSelect((s) => s.hasTag('busy')),
    draft: ClipCreationFlow.useSelect((s) => s.context.draft),
    errors: ClipCreationFlow.useSelect((s) => s.context.errors),
    message: ClipCreationFlow.useSelect((s) => s.context.message),
    failure: ClipCreationFlow.useSelect((s): ClipFailure | null => s.context.failure),
    /** The clip being followed (cut now, or picked up again), while there is one. */
    followed: ClipCreationFlow.useSelect((s): ClipActor | undefined => s.children.clip),
    edit: (changes: Partial<ClipDraft>) => actor.send({ type: 'user.edit', changes }),
    submit: () => actor.send({ type: 'user.submit' }),
    startOver: () => actor.send({ type: 'user.startOver' }),
  };
}

/** Where one clip stands, from its tags. */
export type ClipStep = 'queued' | 'processed' | 'failed' | 'deleted';

/** One clip's state and the viewer's intents on it; `clip` is the actor of a row, or the one clip creation follows. */
export function useClip(clip: ClipActor) {
  const download = useSelector(clip, (s) => s.children.download);
  const step = useSelector(clip, (s): ClipStep => {
    if (s.hasTag('processing')) return 'queued';
    if (s.hasTag('ready')) return 'processed';
    if (s.hasTag('deleted')) return 'deleted';
    return 'failed';
  });
  const mayAskDownload = useSelector(clip, (s) => s.can({ type: 'user.download' }));
  // The clip hands the click to its download, which decides (the capability, one link at a time).
  const downloadTakesIt = useSelector(download, (s) => s?.can({ type: 'user.download' }) ?? false);
  const deletionMessage = useSelector(clip, (s) => s.context.message);
  const downloadMessage = useSelector(download, (s) => s?.context.message ?? null);
  return {
    step,
    clip: useSelector(clip, (s) => s.context.clip),
    failure: useSelector(clip, (s) => s.context.failure),
    /** The viewer's pass includes clip downloads (the download asks for a link only then). */
    downloadIncluded: useSelector(download, (s) => s?.context.allowed ?? false),
    canShare: useSelector(clip, (s) => s.can({ type: 'user.share' })),
    canDownload: mayAskDownload && downloadTakesIt,
    canDelete: useSelector(clip, (s) => s.can({ type: 'user.delete' })),
    /** Asking for a download link (the Download button is busy). */
    downloading: useSelector(download, (s) => s?.hasTag('busy') ?? false),
    /** The viewer is asked to confirm, or the clip is being deleted (the Delete button is busy). */
    deleting: useSelector(clip, (s) => s.hasTag('deleting')),
    /** Why the last download or deletion failed. */
    message: deletionMessage ?? downloadMessage,
    share: () => clip.send({ type: 'user.share' }),
    download: () => clip.send({ type: 'user.download' }),
    /** Asks to delete the clip: a popup asks the viewer to confirm. */
    remove: () => clip.send({ type: 'user.delete' }),
  };
}

/** Where the profile's clip list stands, from its tags. */
export type ClipListStatus = 'loading' | 'failed' | 'listed';

/** The rows have the same actors for the list's life: one comparison of their ids says whether anything changed. */
const sameRows = (a: readonly ClipListRow[], b: readonly ClipListRow[]): boolean =>
  a.length === b.length && a.every((row, index) => row.actor === b[index]?.actor);

export function useClipList() {
  const actor = ClipListFlow.useActor();
  return {
    status: ClipListFlow.useSelect((s): ClipListStatus => (s.hasTag('listed') ? 'listed' : s.hasTag('failed') ? 'failed' : 'loading')),
    /** Each row: the clip as listed, and its own clip actor for {@link useClip}. */
    rows: ClipListFlow.useSelect((s) => s.context.rows, sameRows),
    retry: () => actor.send({ type: 'user.retry' }),
  };
}
