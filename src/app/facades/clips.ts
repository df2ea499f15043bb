/**
 * Facade of clip creation (`<ClipFlow.Scope>`): what the clip panel shows (the draft, each field's message, the
 * clip's state) and the viewer's intents. Who may cut and download clips comes from the session's capabilities.
 */
import type { ClipDraft } from '../../../machines/clip-creation/clip-creation.types';
import { ClipFlow, SessionFlow } from '../flows';

/** The viewer's rights around clips (SPEC §3 capability flags): signed in, clipping, clip downloads. */
export function useClipRights(): { signedIn: boolean; clipping: boolean; downloadClip: boolean } {
  const signedIn = SessionFlow.useSelect((s) => s.hasTag('loggedIn'));
  const clipping = SessionFlow.useSelect((s) => s.context.capabilities.clipping);
  const downloadClip = SessionFlow.useSelect((s) => s.context.capabilities.download_clip);
  return { signedIn, clipping, downloadClip };
}

export type ClipStep = 'editing' | 'submitting' | 'queued' | 'processed' | 'failed' | 'deleted';

export function useClipCreation() {
  const actor = ClipFlow.useActor();
  const step = ClipFlow.useSelect((s): ClipStep => {
    if (s.matches('submitting')) return 'submitting';
    if (s.matches('queued')) return 'queued';
    if (s.matches('processed')) return 'processed';
    if (s.matches('failed')) return 'failed';
    if (s.matches('deleted')) return 'deleted';
    return 'editing';
  });
  return {
    step,
    busy: ClipFlow.useSelect((s) => s.hasTag('busy')),
    draft: ClipFlow.useSelect((s) => s.context.draft),
    errors: ClipFlow.useSelect((s) => s.context.errors),
    message: ClipFlow.useSelect((s) => s.context.message),
    clip: ClipFlow.useSelect((s) => s.context.clip),
    failure: ClipFlow.useSelect((s) => s.context.failure),
    canDownload: ClipFlow.useSelect((s) => s.can({ type: 'user.download' })),
    canShare: ClipFlow.useSelect((s) => s.can({ type: 'user.share' })),
    canDelete: ClipFlow.useSelect((s) => s.can({ type: 'user.delete' })),
    /** Asking for a download link (the Download button is busy). */
    downloading: ClipFlow.useSelect((s) => s.matches({ processed: 'downloading' })),
    /** The viewer is asked to confirm, or the clip is being deleted (the Delete button is busy). */
    deleting: ClipFlow.useSelect((s) => s.matches({ processed: 'confirming' }) || s.matches({ processed: 'deleting' })),
    edit: (changes: Partial<ClipDraft>) => actor.send({ type: 'user.edit', changes }),
    submit: () => actor.send({ type: 'user.submit' }),
    share: () => actor.send({ type: 'user.share' }),
    download: () => actor.send({ type: 'user.download' }),
    /** Asks to delete the clip: a popup asks the viewer to confirm. */
    remove: () => actor.send({ type: 'user.delete' }),
    startOver: () => actor.send({ type: 'user.startOver' }),
  };
}
