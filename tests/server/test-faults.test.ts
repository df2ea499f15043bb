/** The TEST_FAULTS setting of `npm start` (server/serve.ts): its parser, and the faults it makes. */
import { describe, expect, it } from 'vitest';
import { FaultInjector, parseFaults } from '../../server/http/test-hooks';

describe('parseFaults', () => {
  it('reads operationId:status, for every call', () => {
    expect(parseFaults('getApiKey:503')).toEqual([{ operationId: 'getApiKey', status: 503 }]);
  });

  it('reads a count, several entries, and forgives spaces and empty entries', () => {
    expect(parseFaults(' getApiKey:503:2 , getProfile:500,,')).toEqual([
      { operationId: 'getApiKey', status: 503, times: 2 },
      { operationId: 'getProfile', status: 500 },
    ]);
    expect(parseFaults('')).toEqual([]);
  });

  it.each(['getApiKey', 'getApiKey:', 'getApiKey:abc', 'getApiKey:99', 'getApiKey:600', 'getApiKey:503:0', 'getApiKey:503:-1', 'getApiKey:503:2:1', ':503', 'get-api-key:503', 'getApiKey=503'])(
    'refuses %j, naming the entry',
    (text) => {
      expect(() => parseFaults(text)).toThrow(/TEST_FAULTS: ".*" is not operationId:status\[:times\]/);
    },
  );

  it('makes faults a FaultInjector applies: a count runs out, no count never does', () => {
    const faults = new FaultInjector();
    for (const fault of parseFaults('getApiKey:503:2,getProfile:500')) faults.add(fault);
    expect(faults.take('getApiKey')?.status).toBe(503);
    expect(faults.take('getApiKey')?.status).toBe(503);
    expect(faults.take('getApiKey')).toBeNull();
    for (let i = 0; i < 5; i++) expect(faults.take('getProfile')?.status).toBe(500);
    expect(faults.take('getSettings')).toBeNull();
  });
});
