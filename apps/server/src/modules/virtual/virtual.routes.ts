import {
  errorEnvelope,
  idParams,
  stationIdBody,
  virtualAddBody,
  virtualDevice,
  virtualListItem,
  virtualPage,
  virtualPageBody,
  virtualUpdateBody,
} from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { VirtualService } from './virtual.service';

const tags = ['virtual device'];
const writes = (perm: string) => ({ access: { perms: [perm], mutates: true } });
const withConflict = <T extends z.ZodType>(data: T) => ({ ...replies(data), 409: errorEnvelope });

export const virtualRoutes =
  (virtual: VirtualService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/business/virtual/add',
      {
        config: writes('sys:virtual:add'),
        schema: {
          tags,
          summary: 'Create a virtual device whose points are formulas over real points of the station',
          body: virtualAddBody,
          response: withConflict(virtualDevice),
        },
      },
      async (req) => ok(req.lang, await virtual.add(callerOf(req), req.body, req.lang)),
    );

    app.post(
      '/business/virtual/update',
      {
        config: writes('sys:virtual:edit'),
        schema: {
          tags,
          summary: "Replace a virtual device's name and points (points keep their history by code)",
          body: virtualUpdateBody,
          response: replies(virtualDevice),
        },
      },
      async (req) => ok(req.lang, await virtual.update(callerOf(req), req.body, req.lang)),
    );

    app.delete(
      '/business/virtual/:id',
      {
        config: writes('sys:virtual:delete'),
        schema: {
          tags,
          summary: 'Delete a virtual device and its points',
          params: idParams,
          response: replies(z.null()),
        },
      },
      async (req) => ok(req.lang, await virtual.remove(callerOf(req), req.params.id)),
    );

    app.post(
      '/business/virtual/page',
      {
        schema: {
          tags,
          summary: "A page of the station's virtual devices, filtered by name or serial",
          body: virtualPageBody,
          response: replies(virtualPage),
        },
      },
      async (req) => ok(req.lang, await virtual.page(callerOf(req), req.body, req.lang)),
    );

    app.post(
      '/business/virtual/getVirtualList',
      {
        schema: {
          tags,
          summary: "The station's virtual devices (id, serial, name, point count) for selects",
          body: stationIdBody,
          response: replies(z.array(virtualListItem)),
        },
      },
      async (req) => ok(req.lang, await virtual.list(callerOf(req), req.body.stationId)),
    );
  };
