/**
 * A download is decided in one transaction whatever its HTTP verb: the check of the viewer's download limit and the
 * recording of the use hold SQLite's write lock from the check to the write. Proven against another connection to the
 * same file (a second API process, a script) that records the viewer's last download while a download is being
 * decided: the GET waits for it and then refuses, and so does the domain function called on its own, outside any
 * request. Read outside a transaction, the count came from before the other write and the use went in past the limit.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelByApiKey } from '../../server/domain/channels';
import { clipForDownload } from '../../server/domain/clips';
import { DomainError } from '../../server/domain/errors';
import { eventForDownload } from '../../server/domain/playback';
import { FEATURE_LIMITS } from '../../server/domain/usage';
import { getUser } from '../../server/domain/users';
import { startTestApi, SUMMIT, type TestApi } from './harness';
import { type EventItem, eventsIn, expectError, viewerWith } from './media-helpers';

/** How long the other connection keeps its write open; well under the server's busy timeout (5 s). */
const HOLD_MS = 800;

let api: TestApi;
let key: string;
let event: EventItem;

beforeAll(async () => {
  api = await startTestApi();
  key = await api.apiKey(SUMMIT.channelKey);
  event = (await eventsIn(api, key, 'vod')).find((e) => e.type === 'free')!;
});
afterAll(() => api.close());

interface Download {
  kind: 'game' | 'clip';
  path: string;
  /** The domain function the GET calls, on its own. */
  decide(viewerId: number): unknown;
}

/** A viewer who may download games and clips, with one processed clip and every download but the last used. */
async function viewerOneDownloadShort(): Promise<{ id: number; token: string; clipId: number }> {
  const viewer = await viewerWith(api, key, ['Watch', 'Clipping', 'Download', 'Download_Clip']);
  const clip = await api.call<{ id: number }>('POST', '/clip', {
    key,
    token: viewer.token,
    body: { event_id: event.id, name: 'Last one', start_time: 10, duration: 4, tags: ['DEFAULT'] },
  });
  expect(clip.status).toBe(201);
  api.clock.advance(3);
  api.runJobs();
  const use = api.db.prepare("INSERT INTO feature_uses (user_id, feature, subject_id, created_at) VALUES (?, 'download', ?, ?)");
  for (let i = 0; i < FEATURE_LIMITS.downloads - 1; i++) use.run(viewer.id, event.id, api.clock.now());
  return { ...viewer, clipId: clip.body.id };
}

const downloadsOf = (userId: number): number =>
  api.db.prepare<[number], { n: number }>("SELECT count(*) AS n FROM feature_uses WHERE user_id = ? AND feature IN ('download', 'clip_download')").get(userId)!.n;

/**
 * Another connection to the API's SQLite file records one more download of the viewer and keeps its transaction open
 * for HOLD_MS. `holding` settles once its write is in (not yet committed), `committed` once it is.
 */
function anotherConnectionRecordsTheLastUse(userId: number): { holding: Promise<void>; committed: Promise<void> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.driver);
     const db = new Database(workerData.file);
     db.pragma('busy_timeout = 5000');
     db.exec('BEGIN IMMEDIATE');
     db.prepare("INSERT INTO feature_uses (user_id, feature, subject_id, created_at) VALUES (?, 'download', ?, ?)")
       .run(workerData.userId, workerData.subjectId, workerData.now);
     parentPort.postMessage('holding');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
     db.exec('COMMIT');
     db.close();`,
    {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: api.db.name,
        userId,
        subjectId: event.id,
        now: api.clock.now(),
        holdMs: HOLD_MS,
      },
    },
  );
  const holding = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const committed = new Promise<void>((resolve, reject) => {
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The other connection exited with ${code}`))));
    worker.once('error', reject);
  });
  return { holding, committed };
}

const downloads: Download[] = [
  {
    kind: 'game',
    path: '/download-event/:id',
    decide(viewerId) {
      const viewer = getUser(api.db, viewerId);
      return eventForDownload(api.db, { channel: channelByApiKey(api.db, key)!, viewer, ip: '127.0.0.1', now: api.clock.now() }, viewer, event.id);
    },
  },
  {
    kind: 'clip',
    path: '/clip/download/:id',
    decide(viewerId) {
      const viewer = getUser(api.db, viewerId);
      const clipId = api.db.prepare<[number], { id: number }>('SELECT id FROM clips WHERE user_id = ?').get(viewerId)!.id;
      return clipForDownload(api.db, { channel: channelByApiKey(api.db, key)!, viewer, ip: '127.0.0.1', now: api.clock.now() }, viewer, clipId);
    },
  },
];

describe.each(downloads)('a $kind download while another connection records the last use', (download) => {
  it(`GET ${download.path} waits for it and refuses: never more than ${FEATURE_LIMITS.downloads} downloads`, async () => {
    const viewer = await viewerOneDownloadShort();
    const path = download.path.replace(':id', String(download.kind === 'game' ? event.id : viewer.clipId));
    const other = anotherConnectionRecordsTheLastUse(viewer.id);
    await other.holding;
    const answer = await api.call('GET', path, { key, token: viewer.token });
    await other.committed;
    expectError(answer, 403, 'downloads');
    expect(downloadsOf(viewer.id)).toBe(FEATURE_LIMITS.downloads);
  });

  it('the domain function on its own waits for it and refuses, outside any request', async () => {
    const viewer = await viewerOneDownloadShort();
    const other = anotherConnectionRecordsTheLastUse(viewer.id);
    await other.holding;
    let refusal: unknown;
    try {
      download.decide(viewer.id);
    } catch (error) {
      refusal = error;
    }
    await other.committed;
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).errors).toHaveProperty('downloads');
    expect(downloadsOf(viewer.id)).toBe(FEATURE_LIMITS.downloads);
  });
});
