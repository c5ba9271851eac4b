import { describe, expect, it } from 'vitest';
import { describeRule, newRuleId } from './escalation';

describe('escalation rules in words', () => {
  it('says each kind of rule the way the issue does', () => {
    expect(describeRule({ trigger: 'assignment_not_started', days: 1, notify: ['inspector'] })).toBe(
      'Assignment not started 1 day before due → remind the inspector',
    );
    expect(describeRule({ trigger: 'assignment_overdue', days: 1, notify: ['admins'] })).toBe(
      'Assignment overdue by 1 day → notify the administrators',
    );
    expect(describeRule({ trigger: 'assignment_overdue', days: 7, notify: ['client_contact'] })).toBe(
      "Assignment overdue by 7 days → email the client's contact",
    );
    expect(describeRule({ trigger: 'action_overdue', days: 0, notify: ['owner', 'admins'] })).toBe(
      'Corrective action overdue → notify its owner and the administrators',
    );
    expect(describeRule({ trigger: 'action_overdue', days: 3, notify: [] })).toBe(
      'Corrective action overdue by 3 days → nobody is told yet',
    );
  });

  it('makes rule ids the server accepts and never repeats one', () => {
    const id = newRuleId([], 1_700_000_000_000);
    expect(id).toMatch(/^[a-z0-9][a-z0-9_-]{0,39}$/);
    expect(newRuleId([id], 1_700_000_000_000)).not.toBe(id);
  });
});
