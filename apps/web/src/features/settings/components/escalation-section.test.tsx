import { DEFAULT_ACTION_DUE_DAYS, DEFAULT_ESCALATION_RULES } from '@inspecta/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithProviders } from '@/testing/test-utils';
import { EscalationSection } from './escalation-section';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function serve(put?: (body: Record<string, unknown>) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/settings/escalation') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      return put ? put(body) : json(200, { escalation: body, message: 'Escalation rules saved' });
    }
    if (url.endsWith('/settings/escalation'))
      return json(200, {
        escalation: { rules: DEFAULT_ESCALATION_RULES, actionDueDays: DEFAULT_ACTION_DUE_DAYS },
      });
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const putBodies = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(
      ([, init]) =>
        JSON.parse(String(init?.body)) as { rules: Array<Record<string, unknown>>; actionDueDays: object },
    );

describe('EscalationSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each rule in a sentence, edits, adds and removes rules, and saves the whole list', async () => {
    storage.setToken('t');
    const fetchMock = serve();
    renderWithProviders(<EscalationSection />);
    const rules = await screen.findAllByTestId('escalation-rule');
    expect(rules).toHaveLength(DEFAULT_ESCALATION_RULES.length);
    expect(screen.getAllByTestId('escalation-rule-sentence').map((s) => s.textContent)).toEqual([
      'Assignment not started 1 day before due → remind the inspector',
      'Assignment overdue → notify the administrators and the inspector',
      "Assignment overdue by 7 days → email the client's contact",
      'Corrective action overdue → notify its owner',
      'Corrective action overdue by 3 days → notify the administrators',
    ]);
    const save = screen.getByRole('button', { name: 'Save escalation' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    // The reminder two days ahead instead of one: the sentence follows.
    const first = rules[0] as HTMLElement;
    fireEvent.change(within(first).getByRole('textbox', { name: 'Days before the due date' }), {
      target: { value: '2' },
    });
    expect(within(first).getByTestId('escalation-rule-sentence').textContent).toBe(
      'Assignment not started 2 days before due → remind the inspector',
    );
    // Only recipients that make sense for the trigger are offered.
    expect(within(first).queryByRole('checkbox', { name: "The action's owner" })).toBeNull();

    // The client email rule goes; a new rule comes.
    fireEvent.click(within(rules[2] as HTMLElement).getByTestId('escalation-rule-remove'));
    fireEvent.click(screen.getByTestId('escalation-rule-add'));
    expect(screen.getAllByTestId('escalation-rule')).toHaveLength(DEFAULT_ESCALATION_RULES.length);

    fireEvent.change(screen.getByRole('textbox', { name: 'Urgent' }), { target: { value: '1' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    const [body] = putBodies(fetchMock);
    expect(body?.actionDueDays).toEqual({ ...DEFAULT_ACTION_DUE_DAYS, urgent: 1 });
    expect(body?.rules.map((r) => r.id)).toEqual([
      'assignment-reminder',
      'assignment-overdue',
      'action-overdue-owner',
      'action-overdue-admins',
      expect.stringMatching(/^rule-/),
    ]);
    expect(body?.rules[0]).toMatchObject({
      trigger: 'assignment_not_started',
      days: 2,
      notify: ['inspector'],
    });
    expect(body?.rules[4]).toMatchObject({
      trigger: 'assignment_overdue',
      days: 1,
      notify: ['admins'],
      enabled: true,
    });
  });

  it('refuses a rule that tells nobody before asking the server, and shows the server’s field errors', async () => {
    storage.setToken('t');
    const fetchMock = serve(() =>
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        details: [{ field: 'rules.0.days', message: 'Days must be at most 365' }],
      }),
    );
    renderWithProviders(<EscalationSection />);
    const [first] = await screen.findAllByTestId('escalation-rule');
    fireEvent.click(within(first as HTMLElement).getByRole('checkbox', { name: 'The inspector' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save escalation' }));
    expect(await within(first as HTMLElement).findByText('Choose who is told')).toBeTruthy();
    expect(putBodies(fetchMock)).toHaveLength(0);

    fireEvent.click(within(first as HTMLElement).getByRole('checkbox', { name: 'The administrators' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save escalation' }));
    expect(await within(first as HTMLElement).findByText('Days must be at most 365')).toBeTruthy();
  });
});
