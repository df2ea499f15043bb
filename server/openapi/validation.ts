import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { EMAIL_PATTERN } from '../../mesh/validation';
import type { FieldErrors } from '../domain/errors';
import type { Contract, JsonSchema, Operation } from './contract';

/** Ajv's validate function, or one that first reads the numbers of values sent as text (see fromText). */
export interface RequestValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export interface OperationValidators {
  params: RequestValidator | null;
  query: RequestValidator | null;
  headers: RequestValidator | null;
  body: RequestValidator | null;
}

function createAjv(): Ajv {
  // strict: false because the registered document is a whole OpenAPI file, with its own keywords (x-api-key, x-service, ...).
  // strictNumbers, which strict: false turns off, back on: without it Infinity (`1e400` in a query or a JSON body)
  // passed as an integer, and answered `null` where the contract promises one.
  // verbose: each error carries the schema it failed in, where `x-message` is read (see customMessage).
  const ajv = new Ajv({ strict: false, strictNumbers: true, allErrors: true, useDefaults: true, verbose: true });
  addFormats.default(ajv, ['date-time', 'uri', 'uuid']);
  // SPEC §5's address format, the one the app's forms check (mesh/validation.ts).
  ajv.addFormat('email', EMAIL_PATTERN);
  return ajv;
}

/**
 * Compiles the request validators of every operation once. Path, query and header values and form fields arrive as
 * text, and their numbers are read from it strictly (see fromText); JSON bodies must have the exact types.
 */
export function compileValidators(contract: Contract): Map<string, OperationValidators> {
  const ajv = createAjv();
  ajv.addSchema(contract.document, 'openapi');
  const resolve = resolverOf(contract.document);
  const fromParameters = (schema: JsonSchema | null): RequestValidator | null => (schema ? fromText(ajv.compile(schema), schema, resolve) : null);
  const validators = new Map<string, OperationValidators>();
  for (const op of contract.operations) {
    validators.set(op.operationId, {
      params: fromParameters(op.pathParams),
      query: fromParameters(op.queryParams),
      headers: fromParameters(op.headerParams),
      body: op.bodySchemaRef ? compileBody(op, ajv, resolve) : null,
    });
  }
  return validators;
}

function compileBody(op: Operation, ajv: Ajv, resolve: (schema: JsonSchema) => JsonSchema): RequestValidator {
  const schema: JsonSchema = { $ref: `openapi${op.bodySchemaRef ?? ''}` };
  const validate = ajv.compile(schema);
  return op.bodyContentType === 'application/json' ? validate : fromText(validate, resolve(schema), resolve);
}

/** How a number is written in a query, a path or a form: decimal digits, no exponent, hex, blanks or `Infinity`. */
const NUMBER_TEXT: Record<string, RegExp> = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ };

/**
 * Reads the numbers of an object of text values (query, path, headers, form) before `validate` checks it. Ajv's own
 * coercion took anything JavaScript reads as a number (`0x10`, `1e400`, ` 5`) and integers past 2^53, which lose
 * their value; a value written otherwise stays text here, so the schema refuses it (422 naming the field).
 */
function fromText(validate: ValidateFunction, schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema): RequestValidator {
  const numeric = Object.entries((schema['properties'] as Record<string, JsonSchema> | undefined) ?? {}).flatMap(([name, property]) => {
    const pattern = NUMBER_TEXT[String(resolve(property)['type'])];
    return pattern ? [{ name, pattern }] : [];
  });
  const check: RequestValidator = (data) => {
    if (typeof data === 'object' && data !== null) {
      const values = data as Record<string, unknown>;
      for (const { name, pattern } of numeric) {
        const text = values[name];
        if (typeof text !== 'string' || !pattern.test(text)) continue;
        const value = Number(text);
        // Past 2^53 an integer no longer holds what was written (9007199254740993 reads as …992): it stays text.
        if (Number.isInteger(value) && !Number.isSafeInteger(value)) continue;
        values[name] = value;
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  return check;
}

/** Follows `$ref`s (as the contract writes them, or rebased on `openapi`) to the schema they name. */
function resolverOf(document: Record<string, unknown>): (schema: JsonSchema) => JsonSchema {
  return function resolve(schema) {
    const ref = schema['$ref'];
    if (typeof ref !== 'string') return schema;
    let target: unknown = document;
    for (const segment of ref.replace(/^(openapi)?#\//, '').split('/')) target = (target as Record<string, unknown> | undefined)?.[segment];
    if (typeof target !== 'object' || target === null) throw new Error(`Unknown schema ${ref}`);
    return resolve(target as JsonSchema);
  };
}

/** Turns Ajv's errors into the contract's field errors: `{ "email": ["must match format \"email\""] }`. */
export function fieldErrors(errors: ErrorObject[] | null | undefined, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors ?? []) {
    const segments = error.instancePath.split('/').filter(Boolean);
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') segments.push(String(error.params['missingProperty']));
    if (error.keyword === 'additionalProperties') {
      segments.push(String(error.params['additionalProperty']));
      message = 'is not an accepted field';
    }
    const field = segments.length > 0 ? segments.join('.') : prefix || 'body';
    message = customMessage(error) ?? (error.keyword === 'required' ? 'Field is required' : message);
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

/**
 * A property schema may carry `x-message`: the human message to show for a failure of that field. It is read from
 * the schema the error happened in (the property's own schema, or for `required` the object's), not from the error's
 * schema path, which Ajv makes relative to whichever referenced schema it compiled on its own.
 */
function customMessage(error: ErrorObject): string | null {
  const schema = error.parentSchema as JsonSchema | undefined;
  if (error.keyword === 'required') {
    const property = (schema?.['properties'] as Record<string, JsonSchema> | undefined)?.[String(error.params['missingProperty'])];
    return messageFor(property?.['x-message'], 'required');
  }
  return messageFor(schema?.['x-message'], error.keyword);
}

/** `x-message` is one message for every failure, or a map from the failing keyword (`required`, `minLength`, ...). */
function messageFor(xMessage: unknown, keyword: string): string | null {
  if (typeof xMessage === 'string') return xMessage;
  if (typeof xMessage !== 'object' || xMessage === null || !Object.hasOwn(xMessage, keyword)) return null;
  const text = (xMessage as Record<string, unknown>)[keyword];
  return typeof text === 'string' ? text : null;
}
