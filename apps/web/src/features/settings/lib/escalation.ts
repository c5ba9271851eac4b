import type { EscalationRecipient, EscalationRuleInput, EscalationTrigger } from '@inspecta/contract';
import { plural } from '@/lib/plural';

export const triggerLabels: Record<EscalationTrigger, string> = {
  assignment_not_started: 'Assignment not started',
  assignment_overdue: 'Assignment overdue',
  action_overdue: 'Corrective action overdue',
};

export const recipientLabels: Record<EscalationRecipient, string> = {
  inspector: 'The inspector',
  owner: "The action's owner",
  admins: 'The administrators',
  client_contact: "The client's contact (email)",
};

const days = (n: number) => plural(n, 'day');

function joinWords(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const TOLD: Record<EscalationRecipient, string> = {
  inspector: 'the inspector',
  owner: 'its owner',
  admins: 'the administrators',
  client_contact: "the client's contact",
};

/** A rule in one sentence: "Assignment not started 1 day before due → remind the inspector". */
export function describeRule(rule: Pick<EscalationRuleInput, 'trigger' | 'days' | 'notify'>): string {
  const n = rule.days;
  const when =
    rule.trigger === 'assignment_not_started'
      ? n === 0
        ? 'Assignment not started on its due date'
        : `Assignment not started ${days(n)} before due`
      : rule.trigger === 'assignment_overdue'
        ? n === 0
          ? 'Assignment overdue'
          : `Assignment overdue by ${days(n)}`
        : n === 0
          ? 'Corrective action overdue'
          : `Corrective action overdue by ${days(n)}`;
  const verb = rule.trigger === 'assignment_not_started' ? 'remind' : 'notify';
  const who = rule.notify.map((r) => (r === 'client_contact' ? "email the client's contact" : TOLD[r]));
  if (who.length === 0) return `${when} → nobody is told yet`;
  const emailOnly = rule.notify.length === 1 && rule.notify[0] === 'client_contact';
  return emailOnly ? `${when} → ${who[0]}` : `${when} → ${verb} ${joinWords(who.map((w) => w))}`;
}

/** A new rule's stable id, in the form the server accepts. */
export function newRuleId(existing: string[], now = Date.now()): string {
  let n = 0;
  let id = `rule-${now.toString(36)}`;
  while (existing.includes(id)) id = `rule-${now.toString(36)}-${++n}`;
  return id;
}
