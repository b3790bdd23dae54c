import { describe, expect, it } from 'vitest';
import { organizationVisibility } from './status-line';

const own = { id: 'org-1', name: 'Beispiel GmbH', region: 'HORB' as const, active: true, waitingForApproval: false };

describe('organizationVisibility (issue 48 item 3)', () => {
  it("reads the employer's own company: released and active, waiting for release, deactivated", () => {
    expect(organizationVisibility(own, 'org-1')).toBe('visible');
    expect(organizationVisibility(own, undefined)).toBe('visible');
    expect(organizationVisibility({ ...own, active: false, waitingForApproval: true }, undefined)).toBe('waiting');
    expect(organizationVisibility({ ...own, active: false }, 'org-1')).toBe('inactive');
  });

  it("knows nothing of another company's state (a partner or admin editing its posting)", () => {
    expect(organizationVisibility(null, 'org-1')).toBe('unknown');
    expect(organizationVisibility(own, 'org-2')).toBe('unknown');
  });
});
