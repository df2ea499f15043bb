/**
 * SPEC §5 favourites: loading needs a logged-in viewer ("user must be logged in"); the type sent must be a string
 * and one of participant, group, category, otherwise the call is refused locally with a message listing the
 * problems. Kinds of the interface map to types: team → participant, school → group, sport → category.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type RemoveFavouriteInput, favouritesMachine } from '../../machines/favourites/favourites.machine';
import {
  type CheckedTarget,
  type Favourite,
  FAVOURITE_KIND_TYPES,
  FAVOURITES_FAILED,
  FAVOURITES_LOGIN_REQUIRED,
  favouriteProblems,
} from '../../machines/favourites/favourites.types';

const team: Favourite = { id: 31, favoritable_id: 4, favoritable_type: 'participant', name: 'Lakers', alias: 'lakers', image: null };

/** Fakes that record every call; `stored` is what the API holds. */
function start(stored: Favourite[] = [team], options: { failAdd?: boolean } = {}) {
  const calls: string[] = [];
  const added: CheckedTarget[] = [];
  const removed: number[] = [];
  let nextId = 100;
  const actor = createActor(
    favouritesMachine.provide({
      actors: {
        loadFavourites: fromPromise<Favourite[]>(async () => {
          calls.push('load');
          return [...stored];
        }),
        addFavourite: fromPromise<Favourite, CheckedTarget>(async ({ input }) => {
          calls.push('add');
          added.push(input);
          if (options.failAdd) throw new Error('500');
          return { ...input, id: nextId++, name: 'x', alias: 'x', image: null };
        }),
        removeFavourite: fromPromise<void, RemoveFavouriteInput>(async ({ input }) => {
          calls.push('remove');
          removed.push(input.favouriteId);
        }),
      },
    }),
  ).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, calls, added, removed, settled };
}

describe('favourites', () => {
  it('refuses to load, add or remove for a visitor who is not logged in, without calling the API', () => {
    const { actor, calls } = start();
    for (const event of [
      { type: 'favourites.load' as const },
      { type: 'user.add' as const, target: { id: 4, kind: 'team' } },
      { type: 'user.remove' as const, target: { id: 4, kind: 'team' } },
    ]) {
      actor.send(event);
      expect(actor.getSnapshot().context.error).toEqual({ key: 'validation.loginForFavourites' });
    }
    expect(FAVOURITES_LOGIN_REQUIRED).toEqual({ key: 'validation.loginForFavourites' });
    expect(calls).toEqual([]);
  });

  it('loads at login, maps team, school and sport to participant, group and category, and forgets at logout', async () => {
    const { actor, added, settled } = start([]);
    actor.send({ type: 'session.loggedIn' });
    await settled();
    expect(actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);
    for (const [kind, id] of [['team', 4], ['school', 2], ['sport', 9]] as const) {
      actor.send({ type: 'user.add', target: { id, kind } });
      await settled();
    }
    expect(FAVOURITE_KIND_TYPES).toEqual({ team: 'participant', school: 'group', sport: 'category' });
    expect(added).toEqual([
      { favoritable_id: 4, favoritable_type: 'participant' },
      { favoritable_id: 2, favoritable_type: 'group' },
      { favoritable_id: 9, favoritable_type: 'category' },
    ]);
    expect(actor.getSnapshot().context.favourites.map((f) => f.favoritable_type)).toEqual(['participant', 'group', 'category']);
    actor.send({ type: 'session.loggedOut' });
    expect(actor.getSnapshot().context.favourites).toEqual([]);
  });

  it('refuses a type that is not a string or not one of participant, group, category, listing the problems', async () => {
    const { actor, calls, settled } = start();
    actor.send({ type: 'session.loggedIn' });
    await settled();
    actor.send({ type: 'user.add', target: { id: 4, kind: 'favourite_event' } });
    expect(actor.getSnapshot().context.error).toEqual({ text: 'Invalid favourite: favoritable_type must be one of participant, group, category' });
    actor.send({ type: 'user.remove', target: { id: 4, kind: 7 } });
    expect(actor.getSnapshot().context.error).toEqual({
      text: 'Invalid favourite: favoritable_type must be a string; favoritable_type must be one of participant, group, category',
    });
    actor.send({ type: 'user.add', target: { id: 0, kind: null } });
    expect(actor.getSnapshot().context.error).toEqual({
      text:
        'Invalid favourite: favoritable_type must be a string; favoritable_type must be one of participant, group, category; ' +
        'favoritable_id must be a positive integer',
    });
    expect(calls).toEqual(['load']);
    // The API's own names pass as they are.
    expect(favouriteProblems({ id: 4, kind: 'group' })).toEqual([]);
  });

  it("removes a favourite by its own id and ignores one that is not followed", async () => {
    const { actor, removed, calls, settled } = start();
    actor.send({ type: 'session.loggedIn' });
    await settled();
    actor.send({ type: 'user.remove', target: { id: 99, kind: 'team' } });
    expect(actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);
    actor.send({ type: 'user.remove', target: { id: 4, kind: 'participant' } });
    await settled();
    expect(removed).toEqual([31]);
    expect(actor.getSnapshot().context.favourites).toEqual([]);
    // Adding one already followed sends nothing.
    actor.send({ type: 'user.add', target: { id: 4, kind: 'team' } });
    await settled();
    actor.send({ type: 'user.add', target: { id: 4, kind: 'team' } });
    expect(calls).toEqual(['load', 'remove', 'add']);
  });

  it('keeps the list and says something went wrong when the API fails', async () => {
    const { actor, settled } = start([team], { failAdd: true });
    actor.send({ type: 'session.loggedIn' });
    await settled();
    actor.send({ type: 'user.add', target: { id: 5, kind: 'team' } });
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ favourites: [team], error: FAVOURITES_FAILED, pending: null });
  });

  it('fails into a handled state when no actors are provided', async () => {
    const actor = createActor(favouritesMachine).start();
    actor.send({ type: 'session.loggedIn' });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'loadFailed' }));
    expect(actor.getSnapshot().context.error).toBe(FAVOURITES_FAILED);
  });
});
