/** Model of the favourites (machines/favourites): what views send and what the API may answer. */
import { messageId } from '../shared/messages';
import { type FavouritesEvent, favouritesMachine } from './favourites.machine';
import { type Favourite, FAVOURITES_FAILED, FAVOURITES_LOGIN_REQUIRED } from './favourites.types';
import { defineModel } from '../shared/machine-model';

const lakers: Favourite = {
  id: 11,
  favoritable_id: 4,
  favoritable_type: 'participant',
  name: 'Lakeshore Lakers',
  alias: 'lakeshore-lakers',
  image: null,
};
const hockey: Favourite = { id: 12, favoritable_id: 2, favoritable_type: 'category', name: 'Hockey', alias: 'hockey', image: null };

type Target = Extract<FavouritesEvent, { type: 'user.add' }>['target'];
/** The team and the sport above by their interface kinds, plus two the local check refuses. */
const targets: Target[] = [
  { id: 4, kind: 'team' },
  { id: 2, kind: 'sport' },
  { id: 4, kind: 'favourite_event' },
  { id: 4, kind: 7 },
];

export const favouritesModel = defineModel({
  machine: favouritesMachine,
  events: {
    'user.add': targets.map((target) => ({ type: 'user.add' as const, target })),
    'user.remove': targets.map((target) => ({ type: 'user.remove' as const, target })),
  },
  outputs: {
    loadFavourites: [[], [lakers]],
    // The API answers the favourite that was asked for.
    addFavourite: (snapshot) => [snapshot.context.pending?.favoritable_type === 'category' ? hockey : lakers],
    removeFavourite: [undefined],
  },
  errors: {
    loadFavourites: [new Error('network down')],
    addFavourite: [new Error('the team is gone')],
    removeFavourite: [new Error('server error')],
  },
  check: (snapshot, step) => {
    const { favourites, pending } = snapshot.context;
    const error = snapshot.context.error === null ? null : messageId(snapshot.context.error);
    const ran = (type: string) => step.actions.some((a) => a.type === type);
    // A visitor is asked to sign in exactly when they tried to change a favourite; a failed change is told once.
    const visitorChange = snapshot.matches('loggedOut') && (step.event.type === 'user.add' || step.event.type === 'user.remove');
    if (ran('askToSignIn') !== visitorChange) throw new Error(`askToSignIn ${ran('askToSignIn') ? 'ran' : 'did not run'} on ${step.event.type}`);
    if (ran('announceFailure') && error !== FAVOURITES_FAILED.key) throw new Error('a failure announced without its message');
    if (snapshot.matches('loggedOut') && favourites.length > 0) throw new Error('favourites kept after logout');
    if (snapshot.matches('loggedOut') && error !== null && error !== FAVOURITES_LOGIN_REQUIRED.key) throw new Error(`logged out with "${error}"`);
    if (new Set(favourites.map((f) => `${f.favoritable_type}:${f.favoritable_id}`)).size !== favourites.length) {
      throw new Error('a favourite is listed twice');
    }
    if (snapshot.hasTag('busy') !== (snapshot.matches({ loggedIn: 'loading' }) || pending !== null)) {
      throw new Error('busy without a call, or a call without busy');
    }
    // The tag a star reads instead of can(): a toggle of a valid target is taken exactly then.
    const [team] = targets as [Target];
    const takesToggle = snapshot.can({ type: 'user.add', target: team }) || snapshot.can({ type: 'user.remove', target: team });
    if (snapshot.hasTag('acceptsChange') !== takesToggle) throw new Error(`acceptsChange is ${snapshot.hasTag('acceptsChange')} but a toggle is ${takesToggle ? '' : 'not '}taken`);
    if (error !== null && error !== FAVOURITES_LOGIN_REQUIRED.key && error !== FAVOURITES_FAILED.key && !error.startsWith('Invalid favourite: ')) {
      throw new Error(`unexpected message "${error}"`);
    }
    if (error?.startsWith('Invalid favourite: ') && !error.includes('favoritable_type must be one of participant, group, category')) {
      throw new Error(`the refusal does not list the type problem: "${error}"`);
    }
  },
});
