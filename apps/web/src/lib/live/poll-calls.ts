import { energyFlow, pointData } from '@ess/contract';
import { z } from 'zod';
import { request } from '../api/client';

/** The energy-flow snapshot the socket's `summary` replaces while it is up. Silent: it repeats every 10 s. */
export const getEnergyFlow = (stationId: number) =>
  request('/business/openStation/middle', { body: { stationId }, schema: energyFlow, silent: true });

/** A device's latest point values, polled while the socket is down. */
export const getPointData = (deviceId: number) =>
  request('/business/point/pointDataShowList', { body: { deviceId }, schema: z.array(pointData), silent: true });
