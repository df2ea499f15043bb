import { listEventsWithClips } from '../domain/catalogue';
import {
  clipForDownload,
  type ClipStatus,
  createClip,
  deleteClip,
  downloadName,
  listEventClips,
  listUserClips,
  type NewClip,
  sharedClip,
} from '../domain/clips';
import { clipOrigins, type Handlers, Reply, viewerOf, watcherOf } from '../http/context';
import { pagedList, pageFrom, wholeList } from '../http/paging';
import { clipsDirOf, removeClipFiles } from '../media/clip-files';
import { DOWNLOAD_LINK_SECONDS, mediaToken } from '../media/tokens';

const DEFAULT_PAGE = 20;

/** SPEC.md §3-§5 and §7 clips: cut from an event (queued, then processed or failed by server/media/clip-jobs.ts). */
export const clipHandlers: Handlers = {
  createClip(ctx) {
    const viewer = viewerOf(ctx);
    const input = ctx.body as unknown as NewClip;
    return Reply.created(createClip(ctx.services.db, ctx.services.jobs, watcherOf(ctx), viewer, input, clipOrigins(ctx)));
  },

  listEventClips(ctx) {
    const viewer = viewerOf(ctx);
    return wholeList(listEventClips(ctx.services.db, ctx.channel.id, viewer.id, ctx.params['id'] as number, clipOrigins(ctx)));
  },

  listUserClips(ctx) {
    const viewer = viewerOf(ctx);
    const page = pageFrom(ctx.query, DEFAULT_PAGE);
    const status = (ctx.query['status'] as ClipStatus | undefined) ?? null;
    const { rows, total } = listUserClips(ctx.services.db, viewer.id, status, page, clipOrigins(ctx));
    return pagedList(rows, total, page);
  },

  listEventsWithClips(ctx) {
    const viewer = viewerOf(ctx);
    const page = pageFrom(ctx.query, DEFAULT_PAGE);
    const { rows, total } = listEventsWithClips(ctx.services.db, ctx.channel, viewer.id, page, ctx.now);
    return pagedList(rows, total, page);
  },

  getSharedClip(ctx) {
    return sharedClip(ctx.services.db, ctx.channel.id, ctx.params['id'] as string, clipOrigins(ctx));
  },

  downloadClip(ctx) {
    const viewer = viewerOf(ctx);
    const { clip, featureCount } = clipForDownload(ctx.services.db, watcherOf(ctx), viewer, ctx.params['id'] as number);
    const expiresAt = ctx.now + DOWNLOAD_LINK_SECONDS;
    const token = mediaToken(ctx.channel.secret, 'download', `clip:${clip.uuid}`, expiresAt);
    return {
      url: `${ctx.mediaOrigin}/media/clips/${clip.uuid}/${token}/download.ts`,
      file_name: downloadName(clip.name, 'clip'),
      content_type: 'video/mp2t',
      expires_at: expiresAt,
      featureCount,
    };
  },

  deleteClip(ctx) {
    const clip = deleteClip(ctx.services.db, viewerOf(ctx).id, ctx.params['id'] as number);
    // Last, so nothing after it can roll the row back and leave a clip without its file.
    removeClipFiles(clipsDirOf(ctx.services.config), clip.uuid);
    return { message: 'Clip deleted' };
  },
};
