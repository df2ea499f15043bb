/** What the download machine exchanges with its parents (a game's page, a clip), its actor and its views. */
import type { Message } from '../../mesh/messages';

/** What is downloaded: a finished game, or one of the viewer's processed clips. */
export type DownloadTarget = { kind: 'event'; id: number } | { kind: 'clip'; id: number };

/** @public */
export interface DownloadInput {
  target: DownloadTarget;
  /** The viewer's capability for this kind (SPEC §3): `download` for games, `download_clip` for clips. */
  allowed: boolean;
}

/** A signed link to the file, and the name to save it under. */
export interface DownloadLink {
  url: string;
  file_name: string;
}

/** @public */
export interface DownloadContext {
  target: DownloadTarget;
  allowed: boolean;
  /** The last link, once one was answered. */
  download: DownloadLink | null;
  /** Why the last request failed, in the words the viewer reads. */
  message: Message | null;
}

/** @public */
export type DownloadEvent = { type: 'user.download' };
