import type { AuditChange } from '@inspecta/contract';

/**
 * The field-by-field difference of an audit event, as the activity log, the History panels and the
 * user drawer show it (docs/activity-log.md). One place, so every screen shows the same fields.
 */

/** Fields whose change is bookkeeping, not news (searchText: a derived column of sites, products, orders, bills). */
const IGNORED_FIELDS = new Set([
  'updatedAt',
  'createdAt',
  'id',
  'hasPassword',
  'invitationExpiresAt',
  'searchText',
]);

/**
 * Secrets never shown, whatever an old event kept: recordAudit scrubs these names when it writes
 * (core/audit.ts), and reading hides them again, with any field whose name says it holds a
 * password, a secret, a token, a private key or an API key, at any depth.
 */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'tokenHash', 'token', 'code', 'codeHash', 'otp']);
const SECRET_PATTERN = /password|secret|token|private_?key|api_?key|credential/i;

function isSecretField(field: string): boolean {
  return SECRET_FIELDS.has(field) || SECRET_PATTERN.test(field);
}

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !isSecretField(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

function display(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(withoutSecrets(value));
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The fields an audit event changed, before and after, in a stable order. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = asRecord(before);
  const a = asRecord(after);
  // A creation lists what was set; a deletion or status change lists what moved.
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => !IGNORED_FIELDS.has(k) && !isSecretField(k),
  );
  return keys
    .map((field) => ({ field, from: display(b[field]), to: display(a[field]) }))
    .filter((c) => c.from !== c.to);
}
