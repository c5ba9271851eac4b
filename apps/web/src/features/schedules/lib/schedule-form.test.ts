import { describe, expect, it } from 'vitest';
import { describeInterval, emptyScheduleValues, previewSentence, scheduleBody } from './schedule-form';

describe('schedule form', () => {
  it('sends only the chosen scope, no count for the types’ own interval, and one inspector', () => {
    const values = {
      ...emptyScheduleValues(7),
      name: '  Monthly extinguishers ',
      scope: 'types' as const,
      equipmentTypeIds: ['3', '4'],
      equipmentIds: ['99'],
      categoryId: '2',
      intervalUnit: 'type' as const,
      intervalCount: 5,
      inspectorId: '12',
      inspectorIds: ['13', '14'],
      leadDays: 10,
    };
    expect(scheduleBody(values)).toMatchObject({
      name: 'Monthly extinguishers',
      siteId: 7,
      scope: 'types',
      equipmentTypeIds: [3, 4],
      equipmentIds: [],
      templateId: null,
      categoryId: 2,
      intervalUnit: 'type',
      intervalCount: null,
      assigneeMode: 'inspector',
      inspectorIds: [12],
      leadDays: 10,
      endsOn: null,
    });
  });

  it('sends the group for the least loaded inspector, and the count of a fixed interval', () => {
    const body = scheduleBody({
      ...emptyScheduleValues(1),
      scope: 'units',
      equipmentIds: ['5'],
      templateId: '8',
      intervalUnit: 'months',
      intervalCount: 3,
      assigneeMode: 'least_loaded',
      inspectorId: '12',
      inspectorIds: ['13', '14'],
      endsOn: '2027-01-31',
    });
    expect(body).toMatchObject({
      scope: 'units',
      equipmentIds: [5],
      equipmentTypeIds: [],
      templateId: 8,
      intervalUnit: 'months',
      intervalCount: 3,
      inspectorIds: [13, 14],
      endsOn: '2027-01-31',
    });
  });

  it('says the interval and the preview in words', () => {
    expect(describeInterval('type', null)).toBe("Each type's own interval");
    expect(describeInterval('weeks', 1)).toBe('Every week');
    expect(describeInterval('months', 3)).toBe('Every 3 months');
    expect(previewSentence(12, 90)).toBe('This schedule will create 12 assignments in the next 90 days.');
    expect(previewSentence(1, 90)).toBe('This schedule will create 1 assignment in the next 90 days.');
    expect(previewSentence(0, 90)).toBe('This schedule will create no assignment in the next 90 days.');
  });
});
