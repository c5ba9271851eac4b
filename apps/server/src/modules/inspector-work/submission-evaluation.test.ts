import { type AnswerValue, type TemplateContent, templateContentSchema } from '@inspecta/contract';
import { describe, expect, it } from 'vitest';
import {
  checkAnswersShape,
  evaluateSubmission,
  referencedFiles,
  type SubmissionInput,
  type SubmissionUnit,
} from './submission-evaluation.js';

const content: TemplateContent = templateContentSchema.parse({
  sections: [
    {
      key: 'checks',
      title: 'Checks',
      items: [
        { key: 'gauge_ok', label: 'Gauge in green zone', type: 'pass_fail' },
        { key: 'seal_intact', label: 'Seal intact', type: 'yes_no_na', failWhen: { answers: ['no'] } },
        { key: 'pressure', label: 'Pressure', type: 'number', unit: 'bar', min: 10, max: 15 },
        { key: 'notes', label: 'Notes', type: 'text', required: false },
        { key: 'photo', label: 'Photo of the unit', type: 'photo' },
      ],
    },
    {
      key: 'signoff',
      title: 'Sign-off',
      items: [{ key: 'signature', label: '', type: 'signature' }],
    },
  ],
});
/** pass_fail, yes_no_na and number: the items that can fail. */
const ANSWERABLE = 3;

const file = (n: number) => `/api/files/${n.toString(16).padStart(32, '0')}.webp`;
const nameOf = (url: string) => /^\/api\/files\/([a-f0-9]{32}\.webp)$/.exec(url)?.[1] ?? null;
const own = (...urls: string[]) => new Set(urls.map((u) => nameOf(u)!));

const units: SubmissionUnit[] = [
  { id: 11, assetTag: 'AT-001', name: 'Extinguisher' },
  { id: 12, assetTag: 'AT-002', name: 'Hose reel' },
];
const NOW = new Date('2026-06-15T10:00:00Z');

const passing = (photo = file(1), signature = file(2)): Record<string, AnswerValue> => ({
  gauge_ok: 'pass',
  seal_intact: 'yes',
  pressure: 12,
  photo: [photo],
  signature,
});

function input(values: Partial<SubmissionInput> = {}): SubmissionInput {
  return {
    content,
    units,
    body: {
      units: [
        { equipmentId: 11, answers: passing() },
        { equipmentId: 12, answers: passing() },
      ],
      remarks: null,
    },
    uploads: { nameOf, owned: own(file(1), file(2)) },
    names: { site: 'Orion Mall', template: 'Extinguisher check', inspector: 'Ravi Inspector' },
    now: NOW,
    ...values,
  };
}

function accepted(values: Partial<SubmissionInput> = {}) {
  const evaluation = evaluateSubmission(input(values));
  if (!evaluation.ok) throw new Error(`refused: ${JSON.stringify(evaluation.problems)}`);
  return evaluation.submission;
}

function refused(values: Partial<SubmissionInput>) {
  const evaluation = evaluateSubmission(input(values));
  if (evaluation.ok) throw new Error('accepted');
  return evaluation;
}

const outcomesOf = (s: ReturnType<typeof accepted>, unit: number) =>
  Object.fromEntries(s.inspection.results[unit]!.items.map((i) => [i.key, i.outcome]));

describe('evaluateSubmission: accepted answers', () => {
  it('passes when every unit passes, with every row to write at the given time', () => {
    const s = accepted({
      body: {
        units: [
          { equipmentId: 11, answers: passing() },
          { equipmentId: 12, answers: { ...passing(), notes: 'Fine' } },
        ],
        remarks: 'All good',
      },
    });
    expect(s.result).toBe('pass');
    expect(s.failedItems).toBe(0);
    expect(s.inspection).toMatchObject({
      status: 'completed',
      result: 'pass',
      remarks: 'All good',
      failedItems: 0,
      totalItems: ANSWERABLE * 2,
      unitCount: 2,
      progressSavedAt: NOW,
      completedAt: NOW,
    });
    expect(s.inspection.answers).toEqual({
      units: [
        { equipmentId: 11, answers: passing() },
        { equipmentId: 12, answers: { ...passing(), notes: 'Fine' } },
      ],
      remarks: 'All good',
    });
    expect(s.inspection.results.map((r) => [r.equipmentId, r.result])).toEqual([
      [11, 'pass'],
      [12, 'pass'],
    ]);
    expect(outcomesOf(s, 0)).toEqual({
      gauge_ok: 'pass',
      seal_intact: 'pass',
      pressure: 'pass',
      notes: 'skipped',
      photo: 'recorded',
      signature: 'recorded',
    });
    expect(s.inspection.results[0]!.items[0]).toEqual({
      key: 'gauge_ok',
      sectionKey: 'checks',
      outcome: 'pass',
      reason: null,
    });
    expect(outcomesOf(s, 1).notes).toBe('recorded');
    expect(s.inspectionUnits).toEqual([
      { equipmentId: 11, result: 'pass', failedItems: 0, completedAt: NOW },
      { equipmentId: 12, result: 'pass', failedItems: 0, completedAt: NOW },
    ]);
    expect(s.assignment).toEqual({ status: 'completed', completedAt: NOW });
    expect(s.inspectedEquipmentIds).toEqual([11, 12]);
    expect(s.notification).toEqual({
      type: 'inspection.completed',
      title: 'Inspection passed: Orion Mall',
      body: 'Ravi Inspector inspected 2 units with Extinguisher check; everything passed.',
    });
  });

  it('evaluates the units in the assignment order, whatever order they were sent in', () => {
    const s = accepted({
      body: {
        units: [
          { equipmentId: 12, answers: { ...passing(), gauge_ok: 'fail' } },
          { equipmentId: 11, answers: passing() },
        ],
        remarks: null,
      },
    });
    expect(s.inspection.results.map((r) => [r.equipmentId, r.result])).toEqual([
      [11, 'pass'],
      [12, 'fail'],
    ]);
    expect(s.inspection.answers.units.map((u) => u.equipmentId)).toEqual([11, 12]);
  });

  it('fails the inspection on a failed item, with the reason and the count', () => {
    const s = accepted({
      units: [units[0]!],
      body: { units: [{ equipmentId: 11, answers: { ...passing(), gauge_ok: 'fail' } }], remarks: null },
    });
    expect(s.result).toBe('fail');
    expect(s.failedItems).toBe(1);
    expect(s.inspection).toMatchObject({
      result: 'fail',
      failedItems: 1,
      totalItems: ANSWERABLE,
      unitCount: 1,
    });
    expect(s.inspection.results[0]!.items.find((i) => i.key === 'gauge_ok')).toEqual({
      key: 'gauge_ok',
      sectionKey: 'checks',
      outcome: 'fail',
      reason: 'Marked as failed',
    });
    expect(s.inspectionUnits).toEqual([
      { equipmentId: 11, result: 'fail', failedItems: 1, completedAt: NOW },
    ]);
    expect(s.notification).toEqual({
      type: 'inspection.failed',
      title: 'Inspection failed: Orion Mall',
      body: 'Ravi Inspector inspected 1 unit with Extinguisher check; 1 item failed.',
    });
  });

  it('fails only the unit whose answer fails, and the inspection with it', () => {
    const s = accepted({
      body: {
        units: [
          { equipmentId: 11, answers: passing() },
          { equipmentId: 12, answers: { ...passing(), pressure: 16, seal_intact: 'no' } },
        ],
        remarks: null,
      },
    });
    expect(s.result).toBe('fail');
    expect(s.failedItems).toBe(2);
    expect(s.inspectionUnits).toEqual([
      { equipmentId: 11, result: 'pass', failedItems: 0, completedAt: NOW },
      { equipmentId: 12, result: 'fail', failedItems: 2, completedAt: NOW },
    ]);
    expect(s.inspection.results[1]!.items.find((i) => i.key === 'pressure')?.reason).toBe(
      '16 bar is above the maximum of 15 bar',
    );
    expect(s.notification.body).toBe(
      'Ravi Inspector inspected 2 units with Extinguisher check; 2 items failed.',
    );
  });

  it('records N/A as not applicable, and fails it only where N/A is a failing answer', () => {
    const na = { units: [{ equipmentId: 11, answers: { ...passing(), seal_intact: 'na' } }], remarks: null };
    const s = accepted({ units: [units[0]!], body: na });
    expect(s.result).toBe('pass');
    expect(outcomesOf(s, 0).seal_intact).toBe('not_applicable');

    const strict = templateContentSchema.parse({
      sections: [
        {
          key: 'checks',
          title: 'Checks',
          items: [
            {
              key: 'seal_intact',
              label: 'Seal intact',
              type: 'yes_no_na',
              failWhen: { answers: ['no', 'na'] },
            },
          ],
        },
      ],
    });
    const f = accepted({
      content: strict,
      units: [units[0]!],
      body: { units: [{ equipmentId: 11, answers: { seal_intact: 'na' } }], remarks: null },
    });
    expect(f.result).toBe('fail');
    expect(f.inspection.results[0]!.items).toEqual([
      { key: 'seal_intact', sectionKey: 'checks', outcome: 'fail', reason: 'Answered N/A' },
    ]);
  });

  it('completes a site-level assignment (no units) from its one equipmentId null entry', () => {
    const s = accepted({
      units: [],
      body: { units: [{ equipmentId: null, answers: { ...passing(), gauge_ok: 'fail' } }], remarks: null },
    });
    expect(s.inspection).toMatchObject({
      result: 'fail',
      failedItems: 1,
      totalItems: ANSWERABLE,
      unitCount: 0,
    });
    expect(s.inspection.results.map((r) => r.equipmentId)).toEqual([null]);
    expect(s.inspectionUnits).toEqual([]);
    expect(s.inspectedEquipmentIds).toEqual([]);
    expect(s.notification.body).toBe(
      'Ravi Inspector inspected the site with Extinguisher check; 1 item failed.',
    );
  });

  it('names the site and the checklist generically when they are not known', () => {
    const s = accepted({ names: { site: null, template: null, inspector: 'Ravi Inspector' } });
    expect(s.notification).toEqual({
      type: 'inspection.completed',
      title: 'Inspection passed: a site',
      body: 'Ravi Inspector inspected 2 units with the checklist; everything passed.',
    });
  });
});

describe('evaluateSubmission: refused answers', () => {
  it('names the unit and the item of every missing or unfit answer, and the units not sent', () => {
    const r = refused({
      body: {
        units: [
          {
            equipmentId: 11,
            answers: { ...passing(), gauge_ok: null, pressure: 'high', seal_intact: 'maybe' },
          },
        ],
        remarks: null,
      },
    });
    expect(r.message).toBe('Some answers are missing or not valid');
    expect(r.problems).toEqual([
      {
        field: 'units.0.answers.gauge_ok',
        message: 'AT-001 Extinguisher · Gauge in green zone: An answer is required',
      },
      {
        field: 'units.0.answers.seal_intact',
        message: 'AT-001 Extinguisher · Seal intact: Answer yes, no or N/A',
      },
      { field: 'units.0.answers.pressure', message: 'AT-001 Extinguisher · Pressure: Enter a number' },
      // The second unit was not sent: each of its required items is named (an unlabelled one by key).
      { field: 'units', message: 'AT-002 Hose reel · Gauge in green zone: An answer is required' },
      { field: 'units', message: 'AT-002 Hose reel · Seal intact: An answer is required' },
      { field: 'units', message: 'AT-002 Hose reel · Pressure: An answer is required' },
      { field: 'units', message: 'AT-002 Hose reel · Photo of the unit: An answer is required' },
      { field: 'units', message: 'AT-002 Hose reel · signature: An answer is required' },
    ]);
  });

  it('does not ask for optional items, blank or left out', () => {
    const body = {
      units: [
        { equipmentId: 11, answers: passing() },
        { equipmentId: 12, answers: { ...passing(), notes: '  ' } },
      ],
      remarks: null,
    };
    expect(evaluateSubmission(input({ body })).ok).toBe(true);
  });

  it('names a site-level assignment "Site"', () => {
    const r = refused({
      units: [],
      body: { units: [{ equipmentId: null, answers: { gauge_ok: 'maybe' } }], remarks: null },
    });
    expect(r.problems[0]).toEqual({
      field: 'units.0.answers.gauge_ok',
      message: 'Site · Gauge in green zone: Answer pass or fail',
    });
  });

  it("refuses photos and signatures that are not URLs of uploads, then files that are not the inspector's", () => {
    const theirs = file(99);
    const r = refused({
      units: [units[0]!],
      body: {
        units: [
          {
            equipmentId: 11,
            answers: {
              ...passing(),
              photo: [file(1), theirs, 'https://example.com/a.jpg'],
              signature: '/api/files/nope',
            },
          },
        ],
        remarks: null,
      },
    });
    expect(r.message).toBe('Some answers are missing or not valid');
    expect(r.problems).toEqual([
      {
        field: 'units.0.answers.photo',
        message: 'AT-001 Extinguisher · Photo of the unit: not an uploaded image',
      },
      {
        field: 'units.0.answers.signature',
        message: 'AT-001 Extinguisher · signature: not an uploaded image',
      },
      {
        field: 'units.0.answers.photo',
        message: 'AT-001 Extinguisher · Photo of the unit: upload the image from this device again',
      },
    ]);
  });

  it('refuses a signature uploaded by someone else', () => {
    const r = refused({
      units: [units[0]!],
      body: { units: [{ equipmentId: 11, answers: passing(file(1), file(3)) }], remarks: null },
    });
    expect(r.problems).toEqual([
      {
        field: 'units.0.answers.signature',
        message: 'AT-001 Extinguisher · signature: upload the image from this device again',
      },
    ]);
  });

  it('refuses more photos than an item takes', () => {
    const photos = Array.from({ length: 11 }, () => file(1));
    const r = refused({
      units: [units[0]!],
      body: { units: [{ equipmentId: 11, answers: { ...passing(), photo: photos } }], remarks: null },
    });
    expect(r.problems).toEqual([
      {
        field: 'units.0.answers.photo',
        message: 'AT-001 Extinguisher · Photo of the unit: attach at most 10 photos',
      },
    ]);
  });

  it('refuses a badly shaped body first, under the default message', () => {
    const r = refused({
      body: {
        units: [
          { equipmentId: 11, answers: { ...passing(), colour: 'red' } },
          { equipmentId: 11, answers: passing() },
          { equipmentId: 99, answers: {} },
          { equipmentId: null, answers: {} },
        ],
        remarks: null,
      },
      // Not even a known upload: the shape is all that is reported.
      uploads: { nameOf, owned: new Set() },
    });
    expect(r.message).toBeUndefined();
    expect(r.problems).toEqual([
      {
        field: 'units.0.answers.colour',
        message: 'AT-001 Extinguisher: “colour” is not an item of this checklist',
      },
      { field: 'units.1.equipmentId', message: 'This unit is answered twice' },
      { field: 'units.2.equipmentId', message: 'This unit is not part of this assignment' },
      {
        field: 'units.3.equipmentId',
        message: 'This assignment covers units: answer each unit, not the site',
      },
    ]);
  });

  it('refuses a unit entry on a site-level assignment', () => {
    const r = refused({
      units: [],
      body: { units: [{ equipmentId: 11, answers: passing() }], remarks: null },
    });
    expect(r.problems).toEqual([
      { field: 'units.0.equipmentId', message: 'This unit is not part of this assignment' },
    ]);
  });
});

describe('checkAnswersShape (the check every save makes)', () => {
  it('accepts partial answers of the assignment’s units', () => {
    expect(checkAnswersShape([{ equipmentId: 12, answers: { gauge_ok: null } }], units, content)).toEqual([]);
    expect(checkAnswersShape([], units, content)).toEqual([]);
    expect(checkAnswersShape([{ equipmentId: null, answers: {} }], [], content)).toEqual([]);
  });

  it('names an unknown key on a site-level entry with "Site"', () => {
    expect(checkAnswersShape([{ equipmentId: null, answers: { colour: 'red' } }], [], content)).toEqual([
      { field: 'units.0.answers.colour', message: 'Site: “colour” is not an item of this checklist' },
    ]);
  });
});

describe('referencedFiles', () => {
  it('lists the stored files the photo and signature answers point at, once each', () => {
    expect(
      referencedFiles(
        content,
        [
          {
            equipmentId: 11,
            answers: {
              photo: [file(1), file(2), 'https://example.com/a.jpg'],
              signature: file(3),
              notes: file(4),
            },
          },
          { equipmentId: 12, answers: { photo: [file(1)], signature: null } },
        ],
        nameOf,
      ).sort(),
    ).toEqual([nameOf(file(1)), nameOf(file(2)), nameOf(file(3))].sort());
  });
});
