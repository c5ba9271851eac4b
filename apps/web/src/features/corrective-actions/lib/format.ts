import type { CorrectiveActionStatus } from '@inspecta/contract';

export const actionStatusLabels: Record<CorrectiveActionStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  verified: 'Verified',
  cancelled: 'Cancelled',
};

export const actionStatusColours: Record<CorrectiveActionStatus, string> = {
  open: 'orange',
  in_progress: 'violet',
  resolved: 'blue',
  verified: 'green',
  cancelled: 'gray',
};

/** What the button that moves an action to `status` says. */
export const transitionLabels: Record<CorrectiveActionStatus, string> = {
  open: 'Reopen',
  in_progress: 'Start work',
  resolved: 'Mark resolved',
  verified: 'Verify and close',
  cancelled: 'Cancel action',
};

/**
 * The button for `status` when the action is in `from`: "Back to open" from in progress reads better
 * than "Reopen", and "Back to in progress" from resolved says the work is not done.
 */
export function transitionLabel(from: CorrectiveActionStatus, to: CorrectiveActionStatus): string {
  if (to === 'open' && from === 'in_progress') return 'Back to open';
  if (to === 'in_progress' && from === 'resolved') return 'Back to in progress';
  return transitionLabels[to];
}

/** The link that starts a shop order for the site's client with the products the equipment type calls for. */
export function orderPartsLink(clientId: number, productIds: number[]): string {
  const query = new URLSearchParams({ client_id: String(clientId), product_ids: productIds.join(',') });
  return `/dashboard/shop/orders/new?${query.toString()}`;
}

/** A history value in words: dates, people and statuses as the page shows them. */
export function historyValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (value in actionStatusLabels) return actionStatusLabels[value as CorrectiveActionStatus];
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && 'name' in (value as Record<string, unknown>))
    return String((value as { name: unknown }).name);
  return JSON.stringify(value);
}

export const historyFieldLabels: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  priority: 'Priority',
  owner: 'Owner',
  ownerId: 'Owner',
  owner_id: 'Owner',
  dueOn: 'Due date',
  due_on: 'Due date',
  status: 'Status',
  requiresEvidence: 'Needs a re-inspection',
  requires_evidence: 'Needs a re-inspection',
  cancelReason: 'Cancel reason',
};

export const historyActionLabels: Record<string, string> = {
  created: 'Created',
  updated: 'Changed',
  status: 'Status changed',
  comment: 'Comment added',
  reinspection_requested: 'Re-inspection requested',
  reinspection_passed: 'Re-inspection passed',
  reinspection_failed: 'Re-inspection failed',
};

const ANSWER_WORDS: Record<string, string> = {
  pass: 'Pass',
  fail: 'Fail',
  yes: 'Yes',
  no: 'No',
  na: 'Not applicable',
};

/** The failed answer as recorded, in words; null when there is none (or only images, shown apart). */
export function answerText(answer: unknown): string | null {
  if (answer === null || answer === undefined || answer === '') return null;
  if (typeof answer === 'number') return answer.toLocaleString('en-IN');
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  if (typeof answer === 'string') {
    if (/^(https?:\/\/|\/)/.test(answer)) return null;
    return ANSWER_WORDS[answer] ?? answer;
  }
  if (Array.isArray(answer)) {
    const words = answer.filter((a) => typeof a === 'string' && !/^(https?:\/\/|\/)/.test(a));
    return words.length ? words.join(', ') : null;
  }
  return null;
}
