import {
  type ItemAnswer,
  type ItemEvaluation,
  type TemplateItem,
  yesNoNaAnswers,
  yesNoNaLabels,
} from '@inspecta/contract';
import {
  Badge,
  Box,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { DateField } from '@/components/ui/date-field';
import classes from './checklist.module.css';
import { PhotoControl } from './photo-control';
import { SignatureControl } from './signature-control';
import type { ChecklistUploads } from './uploads';

/**
 * Where photos and signatures go. The inspector app uploads them and keeps the URL the server
 * answers; without it (the builder's preview) photos are placeholders and a signature stays local.
 */
export type ChecklistSize = 'sm' | 'lg';

/** Types whose control is one input that a <label> can point at. */
const LABELLED_INPUTS = new Set<TemplateItem['type']>(['text', 'number', 'select', 'date']);

interface ItemControlProps {
  item: TemplateItem;
  id: string;
  answer: ItemAnswer;
  onAnswer: (answer: ItemAnswer) => void;
  uploads?: ChecklistUploads;
  size?: ChecklistSize;
  /** The signed-in user's name, written under a typed signature. */
  signer?: string;
}

function uniqueOptions(options: string[]): string[] {
  return [...new Set(options.filter((o) => o.trim()))];
}

/** The answer control of one item, by type. */
export function ItemControl({ item, id, answer, onAnswer, uploads, size = 'sm', signer }: ItemControlProps) {
  const labelId = `${id}-label`;
  const inputSize = size === 'lg' ? 'md' : 'sm';
  switch (item.type) {
    case 'pass_fail':
      return (
        <SegmentedControl
          role="radiogroup"
          aria-labelledby={labelId}
          fullWidth
          size={size === 'lg' ? 'lg' : 'sm'}
          value={typeof answer === 'string' ? answer : ''}
          onChange={onAnswer}
          data={[
            { value: 'pass', label: 'Pass' },
            { value: 'fail', label: 'Fail' },
          ]}
          color={answer === 'fail' ? 'red' : 'green'}
        />
      );
    case 'yes_no_na':
      return (
        <SegmentedControl
          role="radiogroup"
          aria-labelledby={labelId}
          fullWidth
          size={size === 'lg' ? 'lg' : 'sm'}
          value={typeof answer === 'string' ? answer : ''}
          onChange={onAnswer}
          data={yesNoNaAnswers.map((a) => ({ value: a, label: yesNoNaLabels[a] }))}
          color={
            typeof answer === 'string' && item.failWhen.answers.includes(answer as 'no') ? 'red' : 'brand'
          }
        />
      );
    case 'text':
      return item.multiline ? (
        <Textarea
          id={id}
          aria-labelledby={labelId}
          size={inputSize}
          autosize
          minRows={2}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(e) => onAnswer(e.currentTarget.value)}
        />
      ) : (
        <TextInput
          id={id}
          aria-labelledby={labelId}
          size={inputSize}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(e) => onAnswer(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          id={id}
          aria-labelledby={labelId}
          size={inputSize}
          inputMode="decimal"
          value={typeof answer === 'number' ? answer : ''}
          onChange={(value) => onAnswer(typeof value === 'number' ? value : null)}
          rightSection={
            item.unit ? (
              <Text size="sm" c="dimmed">
                {item.unit}
              </Text>
            ) : undefined
          }
          rightSectionWidth={item.unit ? Math.max(36, item.unit.length * 9 + 16) : undefined}
          decimalScale={3}
          hideControls
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          aria-labelledby={labelId}
          size={inputSize}
          placeholder="Choose an answer"
          data={uniqueOptions(item.options)}
          value={typeof answer === 'string' ? answer : null}
          onChange={(value) => onAnswer(value)}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multi_select':
      return (
        <Checkbox.Group
          aria-labelledby={labelId}
          value={Array.isArray(answer) ? answer : []}
          onChange={(value) => onAnswer(value)}
        >
          <Stack gap={size === 'lg' ? 'sm' : 6}>
            {uniqueOptions(item.options).map((option) => (
              <Checkbox key={option} value={option} label={option} size={inputSize} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'date':
      return (
        <DateField
          id={id}
          aria-labelledby={labelId}
          size={inputSize}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(value) => onAnswer(value)}
          maw={240}
        />
      );
    case 'photo':
      return (
        <PhotoControl
          labelId={labelId}
          label={item.label}
          photos={Array.isArray(answer) ? answer : []}
          onChange={onAnswer}
          uploads={uploads}
        />
      );
    case 'signature':
      return (
        <SignatureControl
          labelId={labelId}
          answer={typeof answer === 'string' ? answer : null}
          onChange={onAnswer}
          uploads={uploads}
          height={size === 'lg' ? 160 : 90}
          signer={signer}
        />
      );
  }
}

function Outcome({ evaluation, flagMissing }: { evaluation: ItemEvaluation; flagMissing: boolean }) {
  if (evaluation.outcome === 'fail') {
    return (
      <Text size="sm" c="red.8" fw={600} className={classes.outcome} role="status" data-testid="item-failure">
        <IconAlertTriangle size={16} aria-hidden="true" /> Fails: {evaluation.reason}
      </Text>
    );
  }
  if (evaluation.outcome === 'invalid') {
    return (
      <Text size="sm" c="orange.9" className={classes.outcome}>
        {evaluation.reason}
      </Text>
    );
  }
  if (evaluation.outcome === 'missing' && flagMissing) {
    return (
      <Text size="sm" c="orange.9" fw={600} className={classes.outcome}>
        Required: answer this before submitting
      </Text>
    );
  }
  return null;
}

function acceptableRange(item: Extract<TemplateItem, { type: 'number' }>): string | null {
  if (item.min === null && item.max === null) return null;
  const range =
    item.min !== null && item.max !== null
      ? `${item.min}–${item.max}`
      : item.min !== null
        ? `at least ${item.min}`
        : `at most ${item.max}`;
  return `Acceptable: ${range}${item.unit ? ` ${item.unit}` : ''}`;
}

interface ChecklistItemProps extends ItemControlProps {
  evaluation: ItemEvaluation;
  /** Mark a required item left empty (after the inspector asked what is missing). */
  flagMissing?: boolean;
  'data-testid'?: string;
}

/**
 * One checklist item as an inspector sees it: the question (required marked), its help, the
 * acceptable range, the answer control, and the failure rule's verdict on the answer, live.
 */
export function ChecklistItem({
  evaluation,
  flagMissing = false,
  'data-testid': testId = 'checklist-item',
  ...control
}: ChecklistItemProps) {
  const { item, id, size = 'sm' } = control;
  const labelled = LABELLED_INPUTS.has(item.type);
  const range = item.type === 'number' ? acceptableRange(item) : null;
  const answered =
    evaluation.outcome === 'pass' ||
    evaluation.outcome === 'recorded' ||
    evaluation.outcome === 'not_applicable';
  return (
    <div
      className={classes.item}
      data-outcome={evaluation.outcome}
      data-flag-missing={flagMissing}
      data-item-key={item.key}
      data-item-type={item.type}
      data-testid={testId}
      style={size === 'lg' ? { padding: '14px 14px 16px' } : undefined}
    >
      <Group gap={6} wrap="nowrap" align="flex-start" justify="space-between">
        <Text
          component={labelled ? 'label' : 'div'}
          {...(labelled ? { htmlFor: id } : {})}
          id={`${id}-label`}
          size={size === 'lg' ? 'md' : 'sm'}
          fw={600}
          lh={1.35}
        >
          {item.label || <em>Untitled question</em>}
          {item.required ? (
            <>
              <Text span c="red.7" ml={4} aria-hidden="true">
                *
              </Text>
              <VisuallyHidden> (required)</VisuallyHidden>
            </>
          ) : null}
        </Text>
        {answered ? (
          <>
            <IconCircleCheck
              size={18}
              color="var(--mantine-color-green-7)"
              aria-hidden="true"
              style={{ flexShrink: 0 }}
            />
            <VisuallyHidden>Answered</VisuallyHidden>
          </>
        ) : evaluation.outcome === 'fail' ? (
          <Badge color="red" size={size === 'lg' ? 'sm' : 'xs'} variant="filled" style={{ flexShrink: 0 }}>
            Fail
          </Badge>
        ) : null}
      </Group>
      {item.helpText ? (
        <Text size={size === 'lg' ? 'sm' : 'xs'} c="dimmed" mt={2}>
          {item.helpText}
        </Text>
      ) : null}
      {range ? (
        <Text size={size === 'lg' ? 'sm' : 'xs'} c="dimmed" mt={2}>
          {range}
        </Text>
      ) : null}
      <Box mt={8}>
        <ItemControl {...control} />
      </Box>
      <Outcome evaluation={evaluation} flagMissing={flagMissing} />
    </div>
  );
}
