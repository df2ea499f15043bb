/** Model of the pages of a visit (machines/navigation): pages shown (an authentication page among them) and the step back. */
import { type PageRecord, navigationMachine } from '../../machines/navigation/navigation.machine';
import { defineModel } from '../../statecharts/model-testing/test-model';

const page = (path: string): PageRecord => ({ url: `https://summit.example${path}`, path, query: '', params: {} });
const pages = [page('/'), page('/login'), page('/buy')];

export const navigationModel = defineModel({
  machine: navigationMachine,
  events: {
    'page.shown': pages.map((p) => ({ type: 'page.shown' as const, page: p })),
    'rules.sendBack': [{ type: 'rules.sendBack' as const }],
  },
  check: (snapshot) => {
    const { previous } = snapshot.context;
    if (previous?.path === '/login') throw new Error('an authentication page was remembered as the previous page');
  },
});
