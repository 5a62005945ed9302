import { flattenSeedMenu, SEED_MENU } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES_ORDER, capabilityOf } from './capability';

describe('not-built pages name their capability', () => {
  it('maps every seeded top entry to a capability', () => {
    for (const top of SEED_MENU) {
      for (const page of flattenSeedMenu([top])) {
        expect(CAPABILITIES_ORDER, page.url).toContain(capabilityOf(page.url, top.code));
      }
    }
  });
  it('sends messages to the alarm-and-messages capability and large screens to theirs', () => {
    expect(capabilityOf('/operational-inspection/user-message-config', 'operationalInspection')).toBe('alarms');
    expect(capabilityOf('/operational-inspection/task', 'operationalInspection')).toBe('workOrders');
    expect(capabilityOf('/new-screen-zz', null)).toBe('largeScreen');
  });
});
