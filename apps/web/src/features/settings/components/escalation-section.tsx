import {
  type ActionDueDays,
  ESCALATION_DAYS_MAX,
  ESCALATION_RULES_MAX,
  type EscalationRecipient,
  type EscalationRuleInput,
  type EscalationSettings,
  type EscalationTrigger,
  escalationRecipientsByTrigger,
  escalationTriggers,
} from '@inspecta/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useEscalationSettings, useUpdateEscalationSettings } from '../api/escalation';
import { describeRule, newRuleId, recipientLabels, triggerLabels } from '../lib/escalation';
import { SettingsCard } from './settings-card';

type Rule = Omit<EscalationRuleInput, 'days'> & { days: number | '' };
const PRIORITIES: Array<{ key: keyof ActionDueDays; label: string }> = [
  { key: 'urgent', label: 'Urgent' },
  { key: 'high', label: 'High' },
  { key: 'normal', label: 'Normal' },
  { key: 'low', label: 'Low' },
];

function RuleRow({
  rule,
  index,
  errors,
  onChange,
  onRemove,
}: {
  rule: Rule;
  index: number;
  errors: Record<string, string>;
  onChange: (rule: Rule) => void;
  onRemove: () => void;
}) {
  const allowed = escalationRecipientsByTrigger[rule.trigger];
  const err = (field: string) => errors[`rules.${index}.${field}`] || null;
  const notifyError =
    Object.entries(errors).find(([k]) => k.startsWith(`rules.${index}.notify`))?.[1] ?? null;
  return (
    <Paper
      withBorder
      p="sm"
      bg={rule.enabled === false ? 'gray.0' : 'white'}
      data-testid="escalation-rule"
      data-rule-id={rule.id}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} data-testid="escalation-rule-sentence" style={{ minWidth: 0 }}>
            {describeRule({ ...rule, days: rule.days === '' ? 0 : rule.days })}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Switch
              aria-label={`Rule on: ${describeRule({ ...rule, days: rule.days === '' ? 0 : rule.days })}`}
              checked={rule.enabled !== false}
              onChange={(e) => onChange({ ...rule, enabled: e.currentTarget.checked })}
              data-testid="escalation-rule-enabled"
            />
            <Tooltip label="Remove rule" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove the rule “${describeRule({ ...rule, days: rule.days === '' ? 0 : rule.days })}”`}
                onClick={onRemove}
                data-testid="escalation-rule-remove"
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="When"
            data={escalationTriggers.map((t) => ({ value: t, label: triggerLabels[t] }))}
            value={rule.trigger}
            allowDeselect={false}
            onChange={(v) => {
              const trigger = (v ?? rule.trigger) as EscalationTrigger;
              const keep = rule.notify.filter((r) => escalationRecipientsByTrigger[trigger].includes(r));
              onChange({
                ...rule,
                trigger,
                notify: keep.length
                  ? keep
                  : [escalationRecipientsByTrigger[trigger][0] as EscalationRecipient],
              });
            }}
            error={err('trigger')}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={
              rule.trigger === 'assignment_not_started'
                ? 'Days before the due date'
                : 'Days past the due date'
            }
            min={0}
            max={ESCALATION_DAYS_MAX}
            allowDecimal={false}
            value={rule.days}
            onChange={(v) => onChange({ ...rule, days: typeof v === 'number' ? v : '' })}
            error={err('days')}
            data-testid="escalation-rule-days"
          />
        </SimpleGrid>
        <Checkbox.Group
          label="Tell"
          value={rule.notify}
          onChange={(v) => onChange({ ...rule, notify: v as EscalationRecipient[] })}
          error={notifyError}
        >
          <Group gap="md" mt={4}>
            {allowed.map((r) => (
              <Checkbox key={r} value={r} label={recipientLabels[r]} />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </Paper>
  );
}

function EscalationForm({ saved }: { saved: EscalationSettings }) {
  const [rules, setRules] = useState<Rule[]>(saved.rules);
  const [dueDays, setDueDays] = useState<Record<keyof ActionDueDays, number | ''>>(saved.actionDueDays);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateEscalationSettings();

  useEffect(() => {
    setRules(saved.rules);
    setDueDays(saved.actionDueDays);
  }, [saved]);

  const dirty =
    JSON.stringify({ rules, dueDays }) !==
    JSON.stringify({ rules: saved.rules, dueDays: saved.actionDueDays });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    rules.forEach((r, i) => {
      if (r.days === '') local[`rules.${i}.days`] = 'Days must be a number';
      if (r.notify.length === 0) local[`rules.${i}.notify`] = 'Choose who is told';
    });
    for (const { key, label } of PRIORITIES)
      if (dueDays[key] === '') local[`actionDueDays.${key}`] = `${label}: days must be a number`;
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(
      {
        rules: rules.map((r) => ({ ...r, days: Number(r.days) })),
        actionDueDays: {
          low: Number(dueDays.low),
          normal: Number(dueDays.normal),
          high: Number(dueDays.high),
          urgent: Number(dueDays.urgent),
        },
      },
      {
        onSuccess: (result) => {
          setErrors({});
          notifications.show({ color: 'green', message: result.message });
        },
        onError: (error) => {
          if (isApiError(error)) setErrors(error.fieldErrors());
          notifications.show({
            color: 'red',
            title: 'Could not save the escalation rules',
            message: error.message,
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="escalation-form">
      <Stack gap="lg">
        <div>
          <Title order={3} size="h5" mb={4}>
            Corrective action due dates
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Days from its creation to a new corrective action's due date, by priority.
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {PRIORITIES.map(({ key, label }) => (
              <NumberInput
                key={key}
                label={label}
                min={1}
                max={365}
                allowDecimal={false}
                suffix=" days"
                value={dueDays[key]}
                onChange={(v) => setDueDays((d) => ({ ...d, [key]: typeof v === 'number' ? v : '' }))}
                error={errors[`actionDueDays.${key}`] || null}
                data-testid={`action-due-${key}`}
              />
            ))}
          </SimpleGrid>
        </div>
        <div>
          <Title order={3} size="h5" mb={4}>
            Escalation rules
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Each rule fires once per assignment or action, through the app's notifications, push and email.
          </Text>
          <Stack gap="sm" data-testid="escalation-rules">
            {rules.length === 0 ? (
              <Text size="sm" c="dimmed">
                No rules: nobody is reminded or told about late work.
              </Text>
            ) : (
              rules.map((rule, index) => (
                <RuleRow
                  key={rule.id}
                  rule={rule}
                  index={index}
                  errors={errors}
                  onChange={(next) => setRules((all) => all.map((r, i) => (i === index ? next : r)))}
                  onRemove={() => setRules((all) => all.filter((_, i) => i !== index))}
                />
              ))
            )}
          </Stack>
          <Button
            mt="sm"
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            disabled={rules.length >= ESCALATION_RULES_MAX}
            onClick={() =>
              setRules((all) => [
                ...all,
                {
                  id: newRuleId(all.map((r) => r.id)),
                  trigger: 'assignment_overdue',
                  days: 1,
                  notify: ['admins'],
                  enabled: true,
                },
              ])
            }
            data-testid="escalation-rule-add"
          >
            Add rule
          </Button>
          {errors.rules ? (
            <Text size="sm" c="red.8" mt="xs">
              {errors.rules}
            </Text>
          ) : null}
        </div>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setRules(saved.rules);
              setDueDays(saved.actionDueDays);
              setErrors({});
            }}
          >
            Undo changes
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty} data-testid="escalation-save">
            Save escalation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Escalation rules and the corrective actions' due-date defaults (administrators). */
export function EscalationSection() {
  const query = useEscalationSettings();
  return (
    <SettingsCard
      id="escalation"
      title="Escalation and due dates"
      description="Who is reminded or told when work is late, and how long a corrective action gets by default."
    >
      {query.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={36} />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : query.isError || !query.data ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            The escalation settings could not be loaded.
          </Text>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </Group>
      ) : (
        <EscalationForm saved={query.data.escalation} />
      )}
    </SettingsCard>
  );
}
