/**
 * The one hook for a read the viewer waits for: `useRead(definition, params)` starts the resource machine whose
 * `load` is that read (from the app logic, built once per definition), tells it when the params change (the machine
 * decides whether they really did), and hands the answer back typed by the definition. Answers come through SPEC
 * §9's store cache, so a repeat read within 60 s sends no request.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useEffectEvent, useMemo } from 'react';
import type { Read } from '../../../machines/resource/read';
import type { ClassifiedError } from '../../../mesh/client/errors';
import { readKey } from '../../../mesh/client/read-cache';
import { useAppLogic, useInspectOption } from '../flow';

export type ReadStatus = 'loading' | 'loaded' | 'failed';

export interface ReadState<TData> {
  status: ReadStatus;
  /** The answer; null while loading and after a failure. */
  data: TData | null;
  /** The client's classified error of a failed read (a 404 for an unknown group), else null. */
  error: ClassifiedError | null;
  retry(): void;
}

export function useRead<TParams, TData>(definition: Read<TParams, TData>, params: TParams): ReadState<TData> {
  const logic = useAppLogic().read(definition as Read<never, unknown>);
  const actor = useActorRef(logic, { input: { params }, ...useInspectOption() });
  const key = readKey(params);
  const changed = useEffectEvent(() => actor.send({ type: 'params.changed', params }));
  useEffect(() => changed(), [key]);
  const status = useSelector(actor, (s): ReadStatus => (s.hasTag('loaded') ? 'loaded' : s.hasTag('failed') ? 'failed' : 'loading'));
  // The actor's `load` is this definition's, so its data is the definition's type.
  const data = useSelector(actor, (s) => (s.hasTag('loaded') ? (s.context.data as TData) : null));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  // An answer (often a page of cards) renders in React's interruptible background pass, in slices that leave the
  // main thread free between them, instead of one long task the moment it arrives; until then the previous state
  // stays on screen.
  const shown = useDeferredValue(useMemo(() => ({ status, data, error }), [status, data, error]));
  return { ...shown, retry: () => actor.send({ type: 'user.retry' }) };
}
