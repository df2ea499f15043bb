/** Model of the pages of a visit (machines/navigation): pages shown (an authentication page among them) and the step back. */
import { type PageRecord, navigationMachine } from './navigation.machine';
import { defineModel } from '../shared/machine-model';

const page = (path: string): PageRecord => ({ url: `https://summit.example${path}`, path, query: '', params: {} });
const pages = [page('/'), page('/login'), page('/buy')];

export const navigationModel = defineModel({
  machine: navigationMachine,
  events: {
    'page.shown': pages.map((p) => ({ type: 'page.shown' as const, page: p })),
    'rules.sendBack': [{ type: 'rules.sendBack' as const }],
    'viewer.signedIn': [
      { type: 'viewer.signedIn' as const, way: 'login' as const },
      { type: 'viewer.signedIn' as const, way: 'register' as const },
    ],
  },
  // A first visit, and a page load that kept the previous page (back from the social provider).
  inputs: [{}, { previous: page('/watch/7') }],
  check: (snapshot, step) => {
    const { previous } = snapshot.context;
    if (previous?.path === '/login') throw new Error('an authentication page was remembered as the previous page');
    const navigated = step.actions.find((a) => a.type === 'navigate');
    if (step.event.type === 'viewer.signedIn' && !navigated) throw new Error('signed in and left on the login page');
    const registered = 'way' in step.event && step.event.way === 'register';
    if (navigated && registered && navigated.params !== '/verify-notice') {
      throw new Error('a registration not sent to the verification notice');
    }
  },
});
