/**
 * What the statechart studio never shows (src/app/logic/live-inspection.ts): a studio is put on shared screens and
 * hears every tab of the browser, and a field's name says little (the card-entry form sends its card as
 * `{ number, cvc, exp_month, exp_year }`). So secrets are hidden by name and by value: card numbers, a card's CVC
 * and expiry, email addresses, one-time codes, signed links' query values, tokens and keys, wherever they sit in an
 * event, in its nested objects and arrays or inside its strings. What the studio is for stays: event types, state
 * values, ids, amounts and short numbers.
 */

const HIDDEN = '•••';

/** Fields hidden whatever they hold (a partly typed address is no email yet; a CVC is any three digits). */
const SECRET_NAME =
  /pass(?:word|wd|phrase|code)|token|secret|cvc|cvv|csc|security_?code|card_?(?:number|no)|api_?key|access_?key|private_?key|signature|authori[sz]ation|cookie|credential|e_?mail|nonce|(?:^|_)otp|otp(?:_|$|code)|^(?:code|pin|pan|sig|auth|expires)$|(?:auth|verification|verify|reset|confirm|login|social|one_?time|sms)_?code$/i;
/** Fields that hold a card's own number, or its CVC: the object around them is a card. */
const CARD_NAME = /card_?(?:number|no)|cvc|cvv|csc|security_?code|^pan$/i;
/** A card's expiry beside its number: as innocent as a month or a year anywhere else. */
const EXPIRY_NAME = /exp|month|year|valid/i;
/** A CVC, an expiry month or year, or an expiry as MM/YY: short numbers only hidden next to a card. */
const CARD_PART = /^\s*(?:\d{1,4}|\d{1,2}\s*\/\s*\d{2,4})\s*$/;

/** 13 to 19 digits, grouped or not (a card is one whether Luhn-valid or mistyped), with the expiry and CVC typed after it. */
const CARD_DIGITS = /(^|\D)\d(?:[\s-]?\d){12,18}(?:\s?[\s,;|/-]\s?\d{1,4}(?!\d))*/g;
const CARD_VALUE = /(?:^|\D)\d(?:[\s-]?\d){12,18}(?!\d)/;

/** In order: each rule sees the text the rules before it left. Every repetition is bounded, so a long string costs little. */
const SECRET_TEXT: ReadonlyArray<[RegExp, string]> = [
  // A signed or sign-in link's query values (`/verify-email?email=…&expires=…&signature=…`, a social sign-in's `code`).
  [/([?&#;][\w.-]{0,30}?(?:signature|sig|expires|email|code|otp|nonce|token|key|secret|pass|state|auth|session)[\w.-]{0,30}=)[^&#\s"'<>\\]+/gi, `$1${HIDDEN}`],
  [/\b(Bearer)\s+[\w~+/.=-]+/gi, `$1 ${HIDDEN}`],
  // A secret API key by its prefix (Stripe's, a webhook's), however short.
  [/\b(?:sk|rk)_(?:live|test)_\w+|\bwhsec_\w+/g, HIDDEN],
  [/\beyJ[\w-]*\.[\w-]*(?:\.[\w-]*)?|\b[\w-]{10,512}\.[\w-]{10,512}\.[\w-]{10,}/g, HIDDEN],
  [/\b[\w.%+-]{1,64}(?:@|%40)[\w-]{1,63}(?:\.[\w-]{1,63}){0,8}\.[a-z]{2,}/gi, HIDDEN],
  [CARD_DIGITS, `$1${HIDDEN}`],
];
/** Long runs that look random (keys, hex and base64 tokens, a Stripe client secret, a uuid): digits, `+` or padding... */
const RANDOM_RUN = /[\w+-]{20,}={0,2}/g;
/** ...unlike words, slugs and codes, whose digits stand apart (`hockey-season-pass-2024`, `SEASON_2024`). */
const WORDS = /^(?:[a-z]+|\d{1,4})(?:[-_](?:[a-z]+|\d{1,4}))*$/i;

/** `text` with the secrets inside it replaced. */
export function hideSecretText(text: string): string {
  let hidden = text;
  for (const [pattern, replacement] of SECRET_TEXT) hidden = hidden.replace(pattern, replacement);
  return hidden.replace(RANDOM_RUN, (run) => (/[\d+]|=$/.test(run) && !WORDS.test(run) ? HIDDEN : run));
}

/** How deep and how wide an event is read: the studio shows only its first characters anyway. */
const DEPTH = 8;
const ITEMS = 60;

const isActor = (value: object): boolean => 'sessionId' in value && 'send' in value;

/** Whether an object is a card's details: a card number among its values, or a field for one. */
function holdsCard(entries: ReadonlyArray<[string, unknown]>): boolean {
  return entries.some(
    ([name, value]) => CARD_NAME.test(name) || ((typeof value === 'string' || typeof value === 'number') && CARD_VALUE.test(String(value))),
  );
}

/**
 * A copy of an event's payload fit for JSON and for the studio: secrets replaced (by their field's name, by their
 * look, and a card's short parts beside it), errors by their message, actors by id, functions left out.
 */
export function hideSecrets(value: unknown): unknown {
  return copyOf(value, 0, new WeakSet());
}

function copyOf(value: unknown, depth: number, inside: WeakSet<object>): unknown {
  if (typeof value === 'string') return hideSecretText(value);
  // A millisecond timestamp has 13 digits too: hidden with the card numbers it cannot be told from.
  if (typeof value === 'number') return Math.abs(value) >= 1e12 ? HIDDEN : value;
  if (typeof value === 'bigint') return hideSecretText(String(value));
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return hideSecretText(`${value.name}: ${value.message}`);
  if (isActor(value)) return `[actor ${hideSecretText(String((value as { id: unknown }).id))}]`;
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') return copyOf(json.call(value), depth, inside);
  if (depth >= DEPTH || inside.has(value)) return '…';
  inside.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.slice(0, ITEMS).map((item) => copyOf(item, depth + 1, inside) ?? null);
      return value.length > ITEMS ? [...items, '…'] : items;
    }
    const entries = Object.entries(value);
    const card = holdsCard(entries);
    const copy: Record<string, unknown> = {};
    for (const [name, inner] of entries) copy[hideSecretText(name)] = isSecretField(name, inner, card) ? HIDDEN : copyOf(inner, depth + 1, inside);
    return copy;
  } finally {
    inside.delete(value);
  }
}

function isSecretField(name: string, value: unknown, besideCard: boolean): boolean {
  if (value === null || value === undefined || typeof value === 'boolean') return false;
  if (SECRET_NAME.test(name)) return true;
  return besideCard && (EXPIRY_NAME.test(name) || ((typeof value === 'string' || typeof value === 'number') && CARD_PART.test(String(value))));
}
