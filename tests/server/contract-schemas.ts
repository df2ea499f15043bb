import type { JsonSchema } from '../../server/openapi/contract';
import { loadContract } from '../../server/openapi/contract';

/** The contract's component schemas, for tests that generate requests from them. */
const contractSchemas = (loadContract().document['components'] as { schemas: Record<string, JsonSchema> }).schemas;

/** Follows `$ref`s (local or `openapi#` rebased) to the component schema they name. */
export function resolveSchema(schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let depth = 0; typeof current['$ref'] === 'string'; depth++) {
    if (depth > 10) throw new Error('reference loop');
    const target = contractSchemas[(current['$ref'] as string).replace(/^(openapi)?#\/components\/schemas\//, '')];
    if (!target) throw new Error(`Unknown schema ${String(current['$ref'])}`);
    current = target;
  }
  return current;
}

export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema['properties'] as Record<string, JsonSchema> | undefined) ?? {};
}

/** Whether a JSON value has the schema's declared type (the only thing a wrong-type mutation must break). */
export function hasSchemaType(schema: JsonSchema, value: unknown): boolean {
  if (value === null) return schema['nullable'] === true;
  switch (schema['type']) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
    default:
      throw new Error(`The generator does not know the schema type ${String(schema['type'])}`);
  }
}
