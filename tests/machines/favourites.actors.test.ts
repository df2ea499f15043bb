/**
 * Favourites with their real actors (createFavouritesActors over mesh/client) against the reference API behind
 * Mesh: fan@summit.test's favourites load at login, a team is added and removed again. The failure path: a team
 * that does not exist is refused by the API, and the list stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFavouritesActors } from '../../machines/favourites/favourites.actors';
import { favouritesMachine } from '../../machines/favourites/favourites.machine';
import { FAVOURITES_FAILED } from '../../machines/favourites/favourites.types';
import { FavoritesDocument } from '../../mesh/client/generated/documents/Favorites';
import { ParticipantsDocument } from '../../mesh/client/generated/documents/Participants';
import { startTestApi, type TestApi } from '../server/harness';
import { type RealClient, realClient } from './real-client';

let api: TestApi;
let real: RealClient;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  real = realClient(api);
  await real.login('fan@summit.test');
});

afterAll(async () => {
  await api.close();
});

function startMachine() {
  const actor = createActor(favouritesMachine.provide({ actors: createFavouritesActors({ client: real.client }) })).start();
  actor.send({ type: 'session.loggedIn' });
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 10_000 });
  return { actor, settled };
}

describe('favourites with the real client', () => {
  it("loads the fan's favourites, adds a team and removes it again", async () => {
    const { actor, settled } = startMachine();
    const loaded = await settled();
    expect(loaded.matches({ loggedIn: 'ready' })).toBe(true);
    // The seed gives fan@ a team and a school.
    expect(loaded.context.favourites.map((f) => f.favoritable_type).sort()).toEqual(['group', 'participant']);

    const { participants } = await real.client.request(ParticipantsDocument, { limit: 50 });
    const followed = new Set(loaded.context.favourites.map((f) => f.favoritable_id));
    const team = participants?.data.find((p) => p !== null && !followed.has(p.id));
    if (!team) throw new Error('no team to follow');

    actor.send({ type: 'user.add', target: { id: team.id, kind: 'team' } });
    const added = await settled();
    expect(added.context.error).toBeNull();
    expect(added.context.favourites.at(-1)).toMatchObject({ favoritable_id: team.id, favoritable_type: 'participant', name: team.name });
    const stored = await real.client.request(FavoritesDocument, {});
    expect(stored.favorites?.data.map((f) => f?.favoritable_id)).toContain(team.id);

    actor.send({ type: 'user.remove', target: { id: team.id, kind: 'team' } });
    const removed = await settled();
    expect(removed.context.favourites.map((f) => f.favoritable_id)).not.toContain(team.id);
    const after = await real.client.request(FavoritesDocument, {});
    expect(after.favorites?.data.map((f) => f?.favoritable_id)).not.toContain(team.id);
    expect(after.favorites?.data).toHaveLength(2);
    actor.stop();
  });

  it('keeps the list and says something went wrong when the API refuses a team that does not exist', async () => {
    const { actor, settled } = startMachine();
    const before = (await settled()).context.favourites;
    actor.send({ type: 'user.add', target: { id: 999_999, kind: 'team' } });
    const refused = await settled();
    expect(refused.context.error).toBe(FAVOURITES_FAILED);
    expect(refused.context.favourites).toEqual(before);
    actor.stop();
  });
});
