// @vitest-environment jsdom
/**
 * The clip views over the real reference API behind Mesh (only the player's stream is faked: jsdom plays no video).
 * They render what the clip flows decide: the clip panel shows the form or the "not included" note as the
 * clip-creation machine's guard says (not the session's flag it was started with), and follows the clip the machine
 * picks up again; each row of the profile's clip list is its own clip actor, so deleting one leaves the others as
 * they are.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { type AnyEventObject, fromCallback } from 'xstate';
import type { playerMachine } from '../../../machines/player/player.machine';
import type { StreamInput } from '../../../machines/player/player.types';
import { toClip } from '../../../machines/clip/clip.types';
import { clipToResume } from '../../../machines/clip-creation/clip-creation.guards';
import type { LoadedProfile } from '../../../machines/session/session.types';
import { ACCESS } from '../../../machines/shared/client-fixtures';
import { CreateClipDocument } from '../../../mesh/client/generated/documents/CreateClip';
import { EventClipsDocument } from '../../../mesh/client/generated/documents/EventClips';
import { EventsListDocument } from '../../../mesh/client/generated/documents/EventsList';
import { UserClipsDocument } from '../../../mesh/client/generated/documents/UserClips';
import type { AppLogic } from '../../../src/app/logic/app-logic';
import { ClipsView } from '../../../src/views/profile/ProfileViews';
import { WatchView } from '../../../src/views/watch/WatchViews';
import { Shop } from '../../server/commerce-helpers';
import { SUMMIT, startTestApi, type TestApi } from '../../server/harness';
import { LOGGED_IN, createTestApp, renderWithApp, startupSettled, type TestApp } from '../app-actors-fixture';

let api: TestApi;
let shop: Shop;
let app: TestApp | null = null;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  shop = new Shop(api, await api.apiKey());
});

afterAll(async () => {
  await api.close();
});

afterEach(() => {
  cleanup();
  app?.actors.stop();
  app = null;
});

/** The session's view of the viewer: what their pass includes, as the profile says it (SPEC §3 capability flags). */
function viewerWith(capabilities: { clipping: boolean; download_clip: boolean }): LoadedProfile {
  return { ...LOGGED_IN, access: { ...ACCESS, capabilities: { ...ACCESS.capabilities, ...capabilities } } };
}

/**
 * A new viewer of the reference API, allowed to cut clips there, and the app started for them with `viewer` as the
 * session knows them. `logic` replaces flows of the app's logic, as the app's own provider would.
 */
async function startFor(viewer: LoadedProfile, logic?: (logic: AppLogic) => Partial<AppLogic>): Promise<TestApp> {
  const account = await shop.newViewer('clips-view');
  api.db.prepare('UPDATE users SET capabilities = ? WHERE email = ?').run(JSON.stringify(['Watch', 'Clipping', 'Vod_Media']), account.email);
  // jsdom plays no video: the stream is the only effect replaced; the details and the grant are the API's.
  const streamOnly = (player: typeof playerMachine): typeof playerMachine =>
    player.provide({ actors: { stream: fromCallback<AnyEventObject, StreamInput>(({ sendBack }) => void sendBack({ type: 'media.playing' })) } });
  app = createTestApp({
    viewer,
    api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, token: account.token },
    logic: (provided) => ({ player: streamOnly(provided.player), ...logic?.(provided) }),
  });
  await startupSettled(app.actors);
  return app;
}

async function finishedFreeEvent(started: TestApp) {
  const { events } = await started.actors.client.request(EventsListDocument, { streamStatus: 'vod', limit: 50 });
  const event = events?.data.find((e) => e?.type === 'free');
  if (!event) throw new Error('the seed has no free finished game');
  return event;
}

/** Cuts a clip through the API, one second after the last, so that the newest is the last cut. */
async function cut(started: TestApp, eventId: number, name: string) {
  api.clock.advance(1);
  const { clip } = await started.actors.client.request(CreateClipDocument, { eventId, name, startTime: 5, duration: 5 });
  if (!clip) throw new Error(`no clip ${name}`);
  return clip;
}

/** The API's jobs cut every queued clip. */
function processQueued(): void {
  api.clock.advance(3);
  api.runJobs();
}

const watchRoute = (
  <Route path="/watch/:id">
    <WatchView />
  </Route>
);

/** Opens the clip panel under the player, as the viewer unfolds it. */
async function openClipPanel(): Promise<HTMLElement> {
  const panel = await screen.findByTestId('clip-panel', undefined, { timeout: 10_000 });
  act(() => {
    (panel as HTMLDetailsElement).open = true;
    fireEvent(panel, new Event('toggle'));
  });
  return panel;
}

describe('the clip panel', () => {
  it('a viewer whose pass has no clipping is told so, with no form to cut: the machine says so', async () => {
    const started = await startFor(viewerWith({ clipping: false, download_clip: false }));
    const event = await finishedFreeEvent(started);
    await renderWithApp(watchRoute, started.actors, { path: `/watch/${event.id}` });
    const panel = await openClipPanel();
    expect(await within(panel).findByText('Your pass does not include clipping.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'See passes and prices' }).getAttribute('href')).toBe('/packages');
    expect(within(panel).queryByRole('button', { name: 'Make the clip' })).toBeNull();
  });

  it("shows the form or the note as the machine's guard decides, whatever the session's flag", async () => {
    // The session says no clipping, the machine's guard says yes: the form is there.
    const allowed = await startFor(viewerWith({ clipping: false, download_clip: false }), (logic) => ({
      clipCreation: logic.clipCreation.provide({ guards: { hasClippingCapability: () => true } }),
    }));
    const event = await finishedFreeEvent(allowed);
    await renderWithApp(watchRoute, allowed.actors, { path: `/watch/${event.id}` });
    let panel = await openClipPanel();
    expect(await within(panel).findByRole('button', { name: 'Make the clip' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(panel).queryByText('Your pass does not include clipping.')).toBeNull();
    cleanup();
    allowed.actors.stop();

    // The session says clipping, the machine's guard says no: the note, and no form.
    const refused = await startFor(viewerWith({ clipping: true, download_clip: false }), (logic) => ({
      clipCreation: logic.clipCreation.provide({ guards: { hasClippingCapability: () => false } }),
    }));
    await renderWithApp(watchRoute, refused.actors, { path: `/watch/${event.id}` });
    panel = await openClipPanel();
    expect(await within(panel).findByText('Your pass does not include clipping.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Make the clip' })).toBeNull();
  });

  it('follows the clip the machine picks up again: the newest of the game that did not fail', async () => {
    const started = await startFor(viewerWith({ clipping: true, download_clip: false }));
    const event = await finishedFreeEvent(started);
    await cut(started, event.id, 'First cut');
    await cut(started, event.id, 'Second cut');
    processQueued();
    await cut(started, event.id, 'Third cut');
    const newest = await cut(started, event.id, 'Fourth cut');
    // The server failed the newest (as it fails a clip whose cutting never ends).
    api.db.prepare("UPDATE clips SET status = 'failed' WHERE id = ?").run(newest.id);

    const { clips } = await started.actors.client.request(EventClipsDocument, { eventId: event.id });
    const resumed = clipToResume((clips?.data ?? []).flatMap((clip) => (clip ? [toClip(clip)] : [])));
    expect(resumed?.name).toBe('Third cut');

    await renderWithApp(watchRoute, started.actors, { path: `/watch/${event.id}` });
    const panel = await openClipPanel();
    const status = await within(panel).findByTestId('clip-status', undefined, { timeout: 10_000 });
    expect(status.dataset['status']).toBe('queued');
    expect(status.textContent).toContain('“Third cut” is being cut');
    expect(within(panel).queryByRole('form', { name: 'Make a clip' })).toBeNull();
  });
});

describe('the profile’s clip list', () => {
  it('opened while the session still restores, starts with what the viewer may do once it is known', async () => {
    const account = await shop.newViewer('clips-early');
    api.db.prepare('UPDATE users SET capabilities = ? WHERE email = ?').run(JSON.stringify(['Watch', 'Clipping', 'Download_Clip', 'Vod_Media']), account.email);
    let loadProfile = () => undefined as void;
    const profileLoaded = new Promise<void>((resolve) => (loadProfile = resolve));
    app = createTestApp({
      viewer: viewerWith({ clipping: true, download_clip: true }),
      api: { graphqlUrl: api.graphqlUrl, channelKey: SUMMIT.channelKey, token: account.token },
      profileLoaded,
    });
    const event = await finishedFreeEvent(app);
    await cut(app, event.id, 'Mine to keep');
    processQueued();

    await renderWithApp(<ClipsView />, app.actors, { path: '/profile/clips' });
    // Who the viewer is, and so what their pass includes, is not known yet: the list waits.
    expect(app.actors.session.getSnapshot().hasTag('busy')).toBe(true);
    expect(screen.queryAllByTestId('clip')).toHaveLength(0);
    act(() => loadProfile());
    const row = (await screen.findByText('Mine to keep', undefined, { timeout: 10_000 })).closest('li') as HTMLElement;
    await waitFor(() => expect(row.dataset['status']).toBe('processed'), { timeout: 10_000 });
    expect((within(row).getByRole('button', { name: 'Download · Mine to keep' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(row).queryByText('Your pass does not include clip downloads.')).toBeNull();
  });

  it('gives each row its own clip actor: deleting one row leaves the others as they are', async () => {
    const started = await startFor(viewerWith({ clipping: true, download_clip: false }));
    const event = await finishedFreeEvent(started);
    await cut(started, event.id, 'Keep me');
    const doomed = await cut(started, event.id, 'Delete me');
    processQueued();
    await cut(started, event.id, 'Still cutting');

    await renderWithApp(<ClipsView />, started.actors, { path: '/profile/clips' });
    const row = async (name: string) => (await screen.findByText(name, undefined, { timeout: 10_000 })).closest('li') as HTMLElement;
    const keep = await row('Keep me');
    const remove = await row('Delete me');
    const cutting = await row('Still cutting');
    expect(screen.getAllByTestId('clip')).toHaveLength(3);
    await waitFor(() => expect(remove.dataset['status']).toBe('processed'), { timeout: 10_000 });
    expect(keep.dataset['status']).toBe('processed');
    expect(cutting.dataset['status']).toBe('queued');

    fireEvent.click(within(remove).getByRole('button', { name: 'Delete · Delete me' }));
    // Only that row asks, and only about its clip.
    const popups = started.actors.popups;
    await waitFor(() => expect(popups.getSnapshot().context.queue).toEqual([expect.objectContaining({ id: `clip-deletion-${doomed.id}` })]));
    expect(within(remove).getByRole('button', { name: 'Delete · Delete me' }).getAttribute('aria-busy')).toBe('true');
    expect(within(keep).getByRole('button', { name: 'Delete · Keep me' }).getAttribute('aria-busy')).toBeNull();
    act(() => popups.send({ type: 'user.resolve', id: `clip-deletion-${doomed.id}` }));

    await waitFor(() => expect(remove.dataset['status']).toBe('deleted'), { timeout: 10_000 });
    expect(within(remove).queryByRole('button', { name: 'Delete · Delete me' })).toBeNull();
    // The other rows are as they were: the ready one still offers its actions, the queued one is still followed.
    expect(keep.dataset['status']).toBe('processed');
    expect((within(keep).getByRole('button', { name: 'Delete · Keep me' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(keep).getByRole('button', { name: 'Share · Keep me' }) as HTMLButtonElement).disabled).toBe(false);
    expect(cutting.dataset['status']).toBe('queued');
    const { clips } = await started.actors.client.request(UserClipsDocument, {});
    expect(clips?.data.map((clip) => clip?.name).sort()).toEqual(['Keep me', 'Still cutting']);
  });
});
