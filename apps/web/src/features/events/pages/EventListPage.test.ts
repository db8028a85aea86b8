import { describe, expect, it } from 'vitest';
import { activeFilterCount } from './EventListPage.tsx';

describe('activeFilterCount', () => {
  const none = { from: '2026-11-23', till: undefined, disciplineIds: [], divisionIds: [], tenantIds: [] };
  it('counts only what differs from the defaults (from today on, every discipline and division)', () => {
    expect(activeFilterCount(none, '2026-11-23')).toBe(0);
    // The club scope is not a filter of this panel.
    expect(activeFilterCount({ ...none, tenantIds: ['t'] }, '2026-11-23')).toBe(0);
    expect(activeFilterCount({ ...none, from: '2026-12-01' }, '2026-11-23')).toBe(1);
    expect(activeFilterCount({ ...none, from: undefined }, '2026-11-23')).toBe(1);
    expect(
      activeFilterCount(
        { ...none, till: '2027-01-31', disciplineIds: ['a', 'b'], divisionIds: ['c'] },
        '2026-11-23',
      ),
    ).toBe(3);
  });
});
