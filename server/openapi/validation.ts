import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { EMAIL_PATTERN } from '../../mesh/validation';
import type { FieldErrors } from '../domain/errors';
import type { Contract, JsonSchema, Operation } from './contract';

export interface OperationValidators {
  params: ValidateFunction | null;
  query: ValidateFunction | null;
  headers: ValidateFunction | null;
  body: ValidateFunction | null;
}

function createAjv(coerceTypes: boolean): Ajv {
  // strict: false because the registered document is a whole OpenAPI file, with its own keywords (x-api-key, x-service, ...).
  // verbose: each error carries the schema it failed in, where `x-message` is read (see customMessage).
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes, useDefaults: true, verbose: true });
  addFormats.default(ajv, ['date-time', 'uri', 'uuid']);
  // SPEC §5's address format, the one the app's forms check (mesh/validation.ts).
  ajv.addFormat('email', EMAIL_PATTERN);
  return ajv;
}

/**
 * Compiles the request validators of every operation once. Path, query and header values arrive as strings, so
 * their validators coerce ("1" → 1); JSON bodies must have the exact types.
 */
export function compileValidators(contract: Contract): Map<string, OperationValidators> {
  const coercing = createAjv(true);
  const exact = createAjv(false);
  coercing.addSchema(contract.document, 'openapi');
  exact.addSchema(contract.document, 'openapi');
  const validators = new Map<string, OperationValidators>();
  for (const op of contract.operations) {
    validators.set(op.operationId, {
      params: op.pathParams ? coercing.compile(op.pathParams) : null,
      query: op.queryParams ? coercing.compile(op.queryParams) : null,
      headers: op.headerParams ? coercing.compile(op.headerParams) : null,
      body: op.bodySchemaRef ? compileBody(op, op.bodyContentType === 'application/json' ? exact : coercing) : null,
    });
  }
  return validators;
}

function compileBody(op: Operation, ajv: Ajv): ValidateFunction {
  const schema: JsonSchema = { $ref: `openapi${op.bodySchemaRef ?? ''}` };
  return ajv.compile(schema);
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
