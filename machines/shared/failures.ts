/**
 * How machines read an invoked actor's failure (payment, card entry, free trial, auto-renewal, polling). The
 * real actors reject with mesh/client's `ClientRequestError`, whose classified error says what went wrong; anything
 * else (an actor that is not provided, a bug) is an unexplained failure.
 */
import { ClientRequestError, type ClassifiedError } from '../../mesh/client/errors';
import type { Message, MessageRef } from '../../mesh/messages';

/** SPEC §8 user message for a failure the viewer cannot fix by changing what they entered. */
export const SOMETHING_WENT_WRONG: MessageRef = { key: 'errors.somethingWentWrong' };


function classifiedErrorOf(error: unknown): ClassifiedError | null {
  return error instanceof ClientRequestError ? error.error : null;
}

/**
 * The message to show for a failed call. The server's own words when it refused what was asked (a 4xx answer with a
 * message: "Promo code is invalid", "Wrong promo code", "You already have access to this event"...), otherwise the
 * generic SPEC §8 message: an outage, a timeout or a missing actor tells the viewer nothing they can act on.
 */
export function userMessageOf(error: unknown): Message {
  const classified = classifiedErrorOf(error);
  if (classified && (classified.kind === 'http' || classified.kind === 'notFound') && classified.status < 500 && classified.message) {
    return classified.userMessage;
  }
  return SOMETHING_WENT_WRONG;
}

/**
 * Whether a failure may pass by itself, so asking again later is worth it: no answer (network, timeout), a 5xx or a
 * throttle. A refusal (4xx), a lost session or an unexplained failure will not pass by waiting.
 */
export function isTransientFailure(error: unknown): boolean {
  const classified = classifiedErrorOf(error);
  if (!classified) return false;
  switch (classified.kind) {
    case 'network':
    case 'timeout':
    case 'throttled':
    case 'crash':
      return true;
    case 'http':
      return classified.status >= 500;
    default:
      return false;
  }
}
