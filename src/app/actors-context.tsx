/**
 * Hands the shell's actors to React. The shell starts them (createAppActors) and passes them down; tests pass
 * actors of their own, built from the machines with `.provide()`.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { AppActors } from './app-actors';

const ActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <ActorsContext.Provider value={actors}>{children}</ActorsContext.Provider>;
}

/** The app's actors; only the facade hooks (hooks.ts) should need this. */
export function useAppActors(): AppActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useAppActors: no AppActorsProvider above this component');
  return actors;
}
