/**
 * Favourites (SPEC §3 Favourite, §5, §6, §7 "Favourites"): the teams, schools and sports a logged-in viewer follows.
 * They are loaded when the viewer logs in and forgotten at logout; adding and removing first pass a local check of
 * the favourite's type, and nothing is sent for a visitor who is not logged in.
 */
import type { Message } from '../../mesh/messages';
import { assign, fromPromise, not, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import {
  type CheckedTarget,
  type Favourite,
  type FavouriteTarget,
  FAVOURITES_FAILED,
  FAVOURITES_LOGIN_REQUIRED,
  checkedTarget,
  favouriteProblems,
  invalidFavouriteMessage,
} from './favourites.types';

/** @public */
export interface FavouritesContext {
  /** The viewer's favourites, oldest first; empty while logged out. */
  favourites: Favourite[];
  /** What the viewer reads after a refused or failed call; cleared by the next call. */
  error: Message | null;
  /** The favourite being added or removed, so views can mark that card as busy. */
  pending: CheckedTarget | null;
}

/** @public */
export type FavouritesEvent =
  | { type: 'session.loggedIn' }
  | { type: 'session.loggedOut' }
  | { type: 'favourites.load' }
  | { type: 'user.add'; target: FavouriteTarget }
  | { type: 'user.remove'; target: FavouriteTarget };

/** @public */
export interface RemoveFavouriteInput {
  /** The favourite's own id (`Favourite.id`), not the team's. */
  favouriteId: number;
}

const targetOf = (event: FavouritesEvent): FavouriteTarget | null =>
  event.type === 'user.add' || event.type === 'user.remove' ? event.target : null;

const sameTarget = (favourite: Favourite, target: CheckedTarget): boolean =>
  favourite.favoritable_id === target.favoritable_id && favourite.favoritable_type === target.favoritable_type;

export const favouritesMachine = setup({
  types: {
    context: {} as FavouritesContext,
    events: {} as FavouritesEvent,
    /**
     * `acceptsChange`: a toggle is taken now (a visitor's is refused with a sign-in prompt, a loaded viewer's is
     * saved), as no other change is on its way; `loggedOut`, `loadFailed` and `loaded` say what the list can show.
     */
    tags: {} as 'busy' | 'loaded' | 'loggedOut' | 'loadFailed' | 'acceptsChange',
  },
  actors: {
    // Safe defaults: nothing is sent. The app provides the real ones (favourites.actors.ts) with .provide().
    loadFavourites: fromPromise<Favourite[]>(notProvided('loadFavourites')),
    addFavourite: fromPromise<Favourite, CheckedTarget>(notProvided('addFavourite')),
    removeFavourite: fromPromise<void, RemoveFavouriteInput>(notProvided('removeFavourite')),
  },
  guards: {
    isValidTarget: ({ event }) => {
      const target = targetOf(event);
      return target !== null && checkedTarget(target) !== null;
    },
    isFavourited: ({ context, event }) => {
      const target = targetOf(event);
      const checked = target === null ? null : checkedTarget(target);
      return checked !== null && context.favourites.some((f) => sameTarget(f, checked));
    },
  },
  actions: {
    refuseLoggedOut: assign({ error: FAVOURITES_LOGIN_REQUIRED }),
    refuseInvalidTarget: assign(({ event }) => {
      const target = targetOf(event);
      return { error: target === null ? null : invalidFavouriteMessage(favouriteProblems(target)) };
    }),
    rememberPending: assign(({ event }) => {
      const target = targetOf(event);
      return { pending: target === null ? null : checkedTarget(target), error: null };
    }),
    keepLoaded: assign((_, favourites: Favourite[]) => ({ favourites, error: null })),
    keepAdded: assign(({ context }, added: Favourite) => ({
      favourites: [...context.favourites.filter((f) => f.id !== added.id && !sameTarget(f, added)), added],
      pending: null,
    })),
    dropRemoved: assign(({ context }) => ({
      favourites: context.favourites.filter((f) => context.pending === null || !sameTarget(f, context.pending)),
      pending: null,
    })),
    reportFailure: assign({ error: FAVOURITES_FAILED, pending: null }),
    /** App effect: a visitor who tried to follow something is asked to log in or register. Default: nothing. */
    askToSignIn: () => undefined,
    /** App effect: the viewer is told a change was not saved (the list stays as it was). Default: nothing. */
    announceFailure: (_, _message: Message) => undefined,
    forget: assign({ favourites: [], error: null, pending: null }),
  },
}).createMachine({
  id: 'favourites',
  description:
    'The teams, schools and sports the viewer follows. They load when the viewer logs in and are forgotten at ' +
    'logout. A visitor who is not logged in is told "user must be logged in"; a favourite of an unknown type is ' +
    'refused before anything is sent, with the list of problems.',
  context: { favourites: [], error: null, pending: null },
  initial: 'loggedOut',
  states: {
    loggedOut: {
      description: 'A visitor without an account session: favourites cannot be read or changed.',
      tags: ['loggedOut', 'acceptsChange'],
      on: {
        'session.loggedIn': { target: 'loggedIn', description: 'The viewer logged in: load their favourites.' },
        'favourites.load': { actions: 'refuseLoggedOut', description: 'Refused: "user must be logged in".' },
        'user.add': {
          actions: ['refuseLoggedOut', 'askToSignIn'],
          description: 'Refused: "user must be logged in"; the visitor is asked to log in or register.',
        },
        'user.remove': {
          actions: ['refuseLoggedOut', 'askToSignIn'],
          description: 'Refused: "user must be logged in"; the visitor is asked to log in or register.',
        },
      },
    },
    loggedIn: {
      description: 'A logged-in viewer: favourites are loaded, added and removed one call at a time.',
      initial: 'loading',
      on: {
        'session.loggedOut': {
          target: 'loggedOut',
          actions: 'forget',
          description: 'The viewer logged out: their favourites are forgotten.',
        },
      },
      states: {
        loading: {
          description: "Reading the viewer's favourites.",
          tags: ['busy'],
          invoke: {
            id: 'loadFavourites',
            src: 'loadFavourites',
            onDone: {
              target: 'ready',
              actions: { type: 'keepLoaded', params: ({ event }) => event.output },
              description: 'The favourites are shown.',
            },
            onError: { target: 'loadFailed', actions: 'reportFailure', description: 'The favourites could not be read.' },
          },
        },
        loadFailed: {
          description: 'The favourites could not be read; the viewer may try again.',
          tags: ['loadFailed'],
          on: { 'favourites.load': { target: 'loading', description: 'Try reading them again.' } },
        },
        ready: {
          description: 'The favourites are shown; the viewer may add or remove one.',
          tags: ['loaded', 'acceptsChange'],
          on: {
            'favourites.load': { target: 'loading', description: 'Read them again (another device may have changed them).' },
            'user.add': [
              {
                guard: not('isValidTarget'),
                actions: 'refuseInvalidTarget',
                description: 'The type is not a string or not one of participant, group, category: refused locally, listing the problems.',
              },
              {
                guard: not('isFavourited'),
                target: 'adding',
                actions: 'rememberPending',
                description: 'A team, school or sport not yet followed is added.',
              },
            ],
            'user.remove': [
              {
                guard: not('isValidTarget'),
                actions: 'refuseInvalidTarget',
                description: 'The type is not a string or not one of participant, group, category: refused locally, listing the problems.',
              },
              {
                guard: 'isFavourited',
                target: 'removing',
                actions: 'rememberPending',
                description: 'A followed team, school or sport is removed.',
              },
            ],
          },
        },
        adding: {
          description: 'Saving the new favourite.',
          tags: ['busy', 'loaded'],
          invoke: {
            id: 'addFavourite',
            src: 'addFavourite',
            input: ({ context }) => context.pending as CheckedTarget,
            onDone: {
              target: 'ready',
              actions: { type: 'keepAdded', params: ({ event }) => event.output },
              description: 'Saved: it joins the list.',
            },
            onError: {
              target: 'ready',
              actions: ['reportFailure', { type: 'announceFailure', params: FAVOURITES_FAILED }],
              description: 'It was not saved: the list is unchanged, and the viewer is told.',
            },
          },
        },
        removing: {
          description: 'Removing the favourite.',
          tags: ['busy', 'loaded'],
          invoke: {
            id: 'removeFavourite',
            src: 'removeFavourite',
            input: ({ context }): RemoveFavouriteInput => ({
              favouriteId: context.favourites.find((f) => context.pending !== null && sameTarget(f, context.pending))?.id ?? 0,
            }),
            onDone: { target: 'ready', actions: 'dropRemoved', description: 'Removed: it leaves the list.' },
            onError: {
              target: 'ready',
              actions: ['reportFailure', { type: 'announceFailure', params: FAVOURITES_FAILED }],
              description: 'It was not removed: the list is unchanged, and the viewer is told.',
            },
          },
        },
      },
    },
  },
});
