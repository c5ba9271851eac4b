import { type ItemType, type TemplateContent, yesNoNaLabels } from '@inspecta/contract';
import {
  Alert,
  Badge,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconArrowRight, IconEqual } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { plural } from '@/lib/plural';
import { itemTypeInfo } from '../../lib/item-type-info';
import {
  type ChangeKind,
  diffTemplateContent,
  type FieldChange,
  type ItemChange,
} from '../../lib/version-diff';
import { ItemTypeIcon } from '../item-type-icon';

const kindVisual: Record<ChangeKind, { label: string; color: string }> = {
  added: { label: 'Added', color: 'green' },
  removed: { label: 'Removed', color: 'red' },
  changed: { label: 'Changed', color: 'blue' },
  moved: { label: 'Moved', color: 'grape' },
  unchanged: { label: 'Unchanged', color: 'gray' },
};

const fieldLabels: Record<string, string> = {
  label: 'Question',
  type: 'Answer type',
  required: 'Required',
  helpText: 'Help text',
  multiline: 'Long answer',
  unit: 'Unit',
  min: 'Minimum',
  max: 'Maximum',
  options: 'Options',
  failWhen: 'Fails when',
  title: 'Title',
};

/** A field value as an administrator reads it. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'type') return itemTypeInfo[value as ItemType]?.label ?? String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (field === 'failWhen' && typeof value === 'object') {
    const rule = value as { answers?: string[]; options?: string[] };
    const list = rule.answers?.map((a) => yesNoNaLabels[a as 'yes']) ?? rule.options ?? [];
    return list.length ? list.join(', ') : 'Never';
  }
  return String(value);
}

function KindBadge({ kind }: { kind: ChangeKind }) {
  return (
    <Badge color={kindVisual[kind].color} c="dark.8" variant="light" size="sm" radius="sm">
      {kindVisual[kind].label}
    </Badge>
  );
}

function FieldTable({ fields }: { fields: FieldChange[] }) {
  return (
    <Table withTableBorder={false} verticalSpacing={4} horizontalSpacing="xs" fz="sm" mt={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="24%">Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((f) => (
          <Table.Tr key={f.field} data-testid="field-change">
            <Table.Td fw={500}>{fieldLabels[f.field] ?? f.field}</Table.Td>
            <Table.Td>
              <Text size="sm" td="line-through" c="red.8">
                {formatValue(f.field, f.before)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="#1e6b34">
                {formatValue(f.field, f.after)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ItemChangeRow({ change }: { change: ItemChange }) {
  return (
    <Paper withBorder p="xs" radius="md" data-testid="item-change" data-kind={change.kind}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ItemTypeIcon type={change.type} size={28} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600} td={change.kind === 'removed' ? 'line-through' : undefined}>
              {change.label || <em>Untitled question</em>}
            </Text>
            <KindBadge kind={change.kind} />
            {change.kind === 'moved' && change.fields.length ? <KindBadge kind="changed" /> : null}
          </Group>
          {change.fromSection ? (
            <Text size="xs" c="dimmed">
              Moved here from “{change.fromSection}”
            </Text>
          ) : null}
          {change.fields.length ? <FieldTable fields={change.fields} /> : null}
        </div>
      </Group>
    </Paper>
  );
}

export interface VersionChoice {
  value: string;
  label: string;
  content: TemplateContent | undefined;
}

interface VersionCompareProps {
  choices: VersionChoice[];
  from: string | null;
  to: string | null;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  loading: boolean;
}

/** What changed between two versions: summary, then section by section, item by item, field by field. */
export function VersionCompare({
  choices,
  from,
  to,
  onFromChange,
  onToChange,
  loading,
}: VersionCompareProps) {
  const [showUnchanged, setShowUnchanged] = useState(false);
  const before = choices.find((c) => c.value === from)?.content;
  const after = choices.find((c) => c.value === to)?.content;
  const diff = useMemo(() => (before && after ? diffTemplateContent(before, after) : null), [before, after]);
  const data = choices.map((c) => ({ value: c.value, label: c.label }));

  return (
    <Stack gap="md" data-testid="version-compare">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="From"
          data={data}
          value={from}
          onChange={(v) => v && onFromChange(v)}
          allowDeselect={false}
          style={{ flex: '1 1 200px' }}
        />
        <IconArrowRight size={20} aria-hidden="true" style={{ marginBottom: 8 }} />
        <Select
          label="To"
          data={data}
          value={to}
          onChange={(v) => v && onToChange(v)}
          allowDeselect={false}
          style={{ flex: '1 1 200px' }}
        />
      </Group>

      {loading || !diff ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={60} />
          <Skeleton height={120} />
        </Stack>
      ) : diff.identical ? (
        <Alert color="gray" variant="light" icon={<IconEqual aria-hidden="true" />} title="No differences">
          These two versions have the same checklist.
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" data-testid="compare-summary">
            {(
              [
                ['Items added', diff.summary.itemsAdded, 'green'],
                ['Items removed', diff.summary.itemsRemoved, 'red'],
                ['Items changed', diff.summary.itemsChanged, 'blue'],
                ['Items moved', diff.summary.itemsMoved, 'grape'],
              ] as const
            ).map(([label, value, color]) => (
              <Paper key={label} withBorder p="xs" radius="md">
                <Text size="xl" fw={700} c={value ? `${color}.8` : 'dimmed'}>
                  {value}
                </Text>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Switch
            label="Show unchanged items"
            checked={showUnchanged}
            onChange={(e) => setShowUnchanged(e.currentTarget.checked)}
          />
          <Stack gap="md">
            {diff.sections
              .filter((s) => showUnchanged || s.kind !== 'unchanged')
              .map((section) => {
                const items = section.items.filter((i) => showUnchanged || i.kind !== 'unchanged');
                const hidden = section.items.length - items.length;
                return (
                  <Paper
                    key={section.key}
                    withBorder
                    p="sm"
                    radius="md"
                    bg="gray.0"
                    data-testid="section-change"
                  >
                    <Group gap="xs" mb={8}>
                      <Text fw={700} td={section.kind === 'removed' ? 'line-through' : undefined}>
                        {section.title || section.key}
                      </Text>
                      <KindBadge kind={section.kind} />
                    </Group>
                    {section.fields.length ? <FieldTable fields={section.fields} /> : null}
                    <Stack gap={6} mt={section.fields.length ? 8 : 0}>
                      {items.map((item) => (
                        <ItemChangeRow key={item.key} change={item} />
                      ))}
                    </Stack>
                    {hidden > 0 ? (
                      <Text size="xs" c="dimmed" mt={6}>
                        {plural(hidden, 'unchanged item')} not shown
                      </Text>
                    ) : null}
                  </Paper>
                );
              })}
          </Stack>
        </>
      )}
    </Stack>
  );
}
