import { virtualApi } from '@ess/contract';

/** A write changes the page and every list of virtual devices (pickers, formulas). */
export const VIRTUAL_WRITE_INVALIDATES = [virtualApi.virtualPage, virtualApi.virtualList] as const;
