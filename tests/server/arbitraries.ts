import fc from 'fast-check';

const POISONED_KEY = /"(?:__proto__|constructor|prototype)"\s*:/;

/**
 * JSON values for bad-input properties, without prototype-poisoning keys at any depth. The server refuses a body
 * carrying one as a whole (`errors.body`), not as the field it sits in, so those bodies have their own tests.
 */
export function plainJsonValue(maxDepth: number): fc.Arbitrary<fc.JsonValue> {
  return fc.jsonValue({ maxDepth }).filter((value) => !POISONED_KEY.test(JSON.stringify(value)));
}

/** A plain object of plain JSON values (see `plainJsonValue`). */
export function plainObject(maxDepth: number): fc.Arbitrary<Record<string, fc.JsonValue>> {
  return fc.dictionary(fc.string({ maxLength: 8 }), plainJsonValue(maxDepth - 1), { maxKeys: 4 })
    .filter((value) => !POISONED_KEY.test(JSON.stringify(value)));
}
