/**
 * The safe default of an effect a machine declares but cannot perform itself: it fails, so the machine goes to its
 * handled failure state, until the app supplies the real effect with `machine.provide({ actors })`.
 */
export const notProvided =
  (name: string) =>
  async (): Promise<never> => {
    throw new Error(`${name} is not provided: pass it with machine.provide({ actors })`);
  };
