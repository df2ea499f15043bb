/**
 * The viewer's language (machines/language): the start resolves stored choice, channel default, browser, English
 * in that order; a locale that cannot load leaves the language shown and the app starts anyway; a choice is stored
 * before its locale loads and, when it cannot load, the language shown is stored back.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type LanguagePreferences, languageMachine } from '../../machines/language/language.machine';
import type { Language } from '../../machines/language/languages';

function start(preferences: LanguagePreferences, fails: ReadonlySet<Language> = new Set()) {
  const switched: Language[] = [];
  const stored: Language[] = [];
  const machine = languageMachine.provide({
    actors: {
      readPreferences: fromPromise(async () => preferences),
      switchLanguage: fromPromise<void, Language>(async ({ input }) => {
        if (fails.has(input)) throw new Error(`the ${input} locale could not load`);
        switched.push(input);
      }),
    },
    actions: { storeChoice: (_, language) => void stored.push(language) },
  });
  const actor = createActor(machine, { input: { language: 'en' } }).start();
  return { actor, switched, stored };
}

describe('language', () => {
  it('starts in the stored choice, else the channel default, else the browser, once startup settled', async () => {
    for (const [preferences, channelDefault, expected] of [
      [{ stored: 'de', browser: ['es'] }, 'fr', 'de'],
      [{ stored: null, browser: ['es'] }, 'fr', 'fr'],
      [{ stored: null, browser: ['zh-TW', 'pt-BR'] }, null, 'pt'],
      [{ stored: 'xx', browser: [] }, null, 'en'],
    ] as const) {
      const { actor, switched } = start(preferences);
      expect(actor.getSnapshot().hasTag('ready')).toBe(false);
      actor.send({ type: 'startup.settled', channelDefault });
      const ready = await waitFor(actor, (s) => s.hasTag('ready'));
      expect(ready.context.language).toBe(expected);
      expect(switched).toEqual([expected]);
    }
  });

  it('starts anyway, in the language shown, when the locale cannot load', async () => {
    const { actor } = start({ stored: 'es', browser: [] }, new Set(['es']));
    actor.send({ type: 'startup.settled', channelDefault: null });
    const ready = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(ready.context.language).toBe('en');
  });

  it("stores the viewer's choice before switching, ignores the language already shown, and stores back on failure", async () => {
    const { actor, stored, switched } = start({ stored: null, browser: [] }, new Set(['it']));
    actor.send({ type: 'startup.settled', channelDefault: 'fr' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.choose', language: 'fr' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);

    actor.send({ type: 'user.choose', language: 'es' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(stored).toEqual(['es']);
    expect((await waitFor(actor, (s) => s.matches('ready'))).context.language).toBe('es');

    actor.send({ type: 'user.choose', language: 'it' });
    const kept = await waitFor(actor, (s) => s.matches('ready'));
    expect(kept.context.language).toBe('es');
    expect(stored).toEqual(['es', 'it', 'es']);
    expect(switched).toEqual(['fr', 'es']);
  });
});
