import { WORKORDER_LIMITS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { alarmLink, linkedAlarm, newOrderLink, readNewOrderPrefill, withoutAlarmLink } from './cross-links';

const query = (link: string) => new URLSearchParams(link.split('?')[1] ?? '');

describe('links between features', () => {
  it('reads back the new-order fields a link carries, the title cut to what an order holds', () => {
    const long = `Rack 3 & cell 7: ${'x'.repeat(WORKORDER_LIMITS.title)}`;
    const link = newOrderLink({ stationId: 5, deviceId: 51, alarmEventId: 7, title: long, orderType: 1 });
    expect(link.startsWith('/operational-inspection/add-task?')).toBe(true);
    expect(readNewOrderPrefill(query(link))).toEqual({
      stationId: 5,
      deviceId: 51,
      alarmEventId: 7,
      title: long.slice(0, WORKORDER_LIMITS.title),
      orderType: 1,
    });
    expect(newOrderLink({})).toBe('/operational-inspection/add-task');
  });

  it('leaves out what a hand-typed query got wrong', () => {
    const typed = new URLSearchParams('stationId=0&deviceId=5x&alarmEventId=-3&orderType=9&title=%20%20');
    expect(readNewOrderPrefill(typed)).toEqual({});
  });

  it("opens an alarm's detail from its link, and drops only the link when it closes", () => {
    const params = query(`${alarmLink(77)}&from=1`);
    expect(linkedAlarm(params)).toBe(77);
    expect(withoutAlarmLink(params).toString()).toBe('from=1');
    expect(linkedAlarm(new URLSearchParams('alarm=abc'))).toBeNull();
  });
});
