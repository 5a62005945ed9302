import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Endpoint, endpointGroup } from './endpoint';
import { defineEndpointTable } from './endpoint-table';
import * as api from './index';

const idParams = z.object({ id: z.coerce.number().int() });
const control = endpointGroup('remote control', {
  cancel: {
    method: 'POST',
    path: '/control/command/:id/cancel',
    params: idParams,
    response: z.null(),
    access: {},
    summary: 'a',
  },
});
const sequence = endpointGroup('sequence', {
  cancel: { method: 'POST', path: '/strategy/sequence/cancel', response: z.null(), access: {}, summary: 'b' },
});

describe('defineEndpointTable', () => {
  it('holds every entry of its groups, each as the group has it', () => {
    const table = defineEndpointTable(control, endpointGroup('sequence', { runCancel: sequence.cancel }));
    expect(Object.keys(table)).toEqual(['cancel', 'runCancel']);
    expect(table.cancel).toBe(control.cancel);
    // Literal types survive: the web's call and query keys infer from them.
    const method: 'POST' = table.runCancel.method;
    expect(method).toBe('POST');
  });

  it('throws on a name two groups share, naming both entries', () => {
    // @ts-expect-error a shared name is a type error as well
    expect(() => defineEndpointTable(control, sequence)).toThrow(
      'endpoint table: duplicate name "cancel" (remote control: POST /control/command/:id/cancel) and "cancel" (sequence: POST /strategy/sequence/cancel)',
    );
  });

  it('throws on one method and path under two names, whatever its parameters are called', () => {
    const again = endpointGroup('commands', {
      commandWithdraw: { ...control.cancel, path: '/control/command/:commandId/cancel' },
    });
    expect(() => defineEndpointTable(control, again)).toThrow(
      'endpoint table: duplicate call "cancel" (remote control: POST /control/command/:id/cancel) and "commandWithdraw" (commands: POST /control/command/:commandId/cancel)',
    );
    // Another method on the same path is another call.
    const read = endpointGroup('commands', { commandRead: { ...control.cancel, method: 'GET' } });
    expect(Object.keys(defineEndpointTable(control, read))).toEqual(['cancel', 'commandRead']);
  });
});

/** An exported group: an object of entries, each with its method, path, access and tag. */
const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v && 'tag' in v;
const groups = Object.entries(api).filter(
  ([name, v]) =>
    name !== 'endpoints' &&
    typeof v === 'object' &&
    v !== null &&
    Object.values(v).length > 0 &&
    Object.values(v).every(isEndpoint),
) as [string, Record<string, Endpoint>][];

describe('the endpoint table', () => {
  it('has as many entries as the exported groups together: none lost, no group left out', () => {
    expect(groups.length).toBeGreaterThan(30);
    const total = groups.reduce((sum, [, g]) => sum + Object.keys(g).length, 0);
    expect(Object.keys(api.endpoints)).toHaveLength(total);
    const inTable = new Set<Endpoint>(Object.values(api.endpoints));
    const missing = groups.flatMap(([group, g]) =>
      Object.entries(g).flatMap(([name, e]) => (inTable.has(e) ? [] : [`${group}.${name}`])),
    );
    expect(missing).toEqual([]);
  });

  it('names the calls issue 22 found lost by their own names', () => {
    expect(api.endpoints.commandCancel).toBe(api.controlApi.commandCancel);
    expect(api.endpoints.sequenceRunCancel).toBe(api.sequenceApi.sequenceRunCancel);
    expect(api.endpoints.commandDetail).toBe(api.controlApi.commandDetail);
    expect(api.endpoints.syncCommandDetail).toBe(api.configApi.syncCommandDetail);
  });
});
