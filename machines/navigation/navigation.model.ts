/** Model of the pages of a visit (machines/navigation): pages shown (an authentication page among them) and the step back. */
import { type PageRecord, navigationMachine } from './navigation.machine';
import { defineModel } from '../shared/machine-model';

const page = (path: string): PageRecord => ({ url: `https://summit.example${path}`, path, query: '', params: {} });
const pages = [page('/'), page('/login'), page('/buy')];

export const navigationModel = defineModel({
  machine: navigationMachine,
  events: {
    'page.shown': [
      ...pages.map((p) => ({ type: 'page.shown' as const, page: p, known: true })),
      { type: 'page.shown' as const, page: page('/nowhere'), known: false },
    ],
    'viewer.status': (['anonymous', 'temporaryPassword', 'ready'] as const).map((status) => ({ type: 'viewer.status' as const, status })),
    'viewer.signedIn': [
      { type: 'viewer.signedIn' as const, way: 'login' as const },
      { type: 'viewer.signedIn' as const, way: 'register' as const },
    ],
    'form.sent': [
      { type: 'form.sent' as const, hasPassesFlag: false },
      { type: 'form.sent' as const, hasPassesFlag: true },
    ],
  },
  // What the rules look at: the state, the current page, whether it was reached from login, whether there is a
  // previous page to go back to, who the viewer is.
  abstractState: (snapshot) => {
    const { current, last, previous, status, known } = snapshot.context;
    return { value: snapshot.value, current: current?.path, fromLogin: last?.path === '/login', back: previous !== null, status, known };
  },
  // A first visit, and a page load that kept the previous page (back from the social provider).
  inputs: [{}, { previous: page('/watch/7') }],
  check: (snapshot, step) => {
    const { previous, current, known } = snapshot.context;
    if (previous?.path === '/login') throw new Error('an authentication page was remembered as the previous page');
    const navigated = step.actions.find((a) => a.type === 'navigate');
    const registered = 'way' in step.event && step.event.way === 'register';
    if (navigated && registered && navigated.params !== '/verify-notice') {
      throw new Error('a registration not sent to the verification notice');
    }
    if (step.event.type === 'page.shown' && !known && navigated?.params !== '/404' && current?.path !== '/404') {
      throw new Error('an unknown path was shown instead of the not-found page');
    }
    const moved = navigated !== undefined || step.actions.some((a) => a.type === 'goBack');
    if (moved && !snapshot.hasTag('leaving')) throw new Error('moved the viewer without waiting for the page it goes to');
  },
});
