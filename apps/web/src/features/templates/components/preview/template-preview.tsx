import {
  evaluateItem,
  evaluateTemplate,
  type ItemAnswer,
  type ItemEvaluation,
  type TemplateContent,
  type TemplateItem,
  yesNoNaAnswers,
  yesNoNaLabels,
} from '@inspecta/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconCircleCheck, IconRefresh, IconX } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { SignaturePad } from './signature-pad';
import classes from './template-preview.module.css';

/** Types whose control is one input that a <label> can point at. */
const LABELLED_INPUTS = new Set<TemplateItem['type']>(['text', 'number', 'select', 'date']);

interface TemplatePreviewProps {
  title: string;
  subtitle?: string;
  content: TemplateContent;
}

function ItemControl({
  item,
  id,
  answer,
  onAnswer,
}: {
  item: TemplateItem;
  id: string;
  answer: ItemAnswer;
  onAnswer: (answer: ItemAnswer) => void;
}) {
  const labelId = `${id}-label`;
  switch (item.type) {
    case 'pass_fail':
      return (
        <SegmentedControl
          role="radiogroup"
          aria-labelledby={labelId}
          fullWidth
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
          autosize
          minRows={2}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(e) => onAnswer(e.currentTarget.value)}
        />
      ) : (
        <TextInput
          id={id}
          aria-labelledby={labelId}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(e) => onAnswer(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          id={id}
          aria-labelledby={labelId}
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
          placeholder="Choose an answer"
          data={[...new Set(item.options.filter((o) => o.trim()))]}
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
          <Stack gap={6}>
            {[...new Set(item.options.filter((o) => o.trim()))].map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'date':
      return (
        <TextInput
          id={id}
          aria-labelledby={labelId}
          type="date"
          value={typeof answer === 'string' ? answer : ''}
          onChange={(e) => onAnswer(e.currentTarget.value)}
          maw={220}
        />
      );
    case 'photo': {
      const photos = Array.isArray(answer) ? answer : [];
      return (
        <Group gap="xs">
          {photos.map((photo, index) => (
            <Box key={photo} className={classes.photo}>
              <IconCamera size={20} aria-hidden="true" />
              <Text size="xs">Photo {index + 1}</Text>
              <ActionIcon
                size="xs"
                variant="filled"
                color="dark"
                radius="xl"
                className={classes.photoRemove}
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onAnswer(photos.filter((p) => p !== photo))}
              >
                <IconX size={12} aria-hidden="true" />
              </ActionIcon>
            </Box>
          ))}
          <Button
            variant="default"
            className={classes.addPhoto}
            leftSection={<IconCamera size={16} aria-hidden="true" />}
            onClick={() => onAnswer([...photos, `preview-photo-${Date.now()}`])}
            aria-describedby={labelId}
          >
            Add photo
          </Button>
        </Group>
      );
    }
    case 'signature':
      return (
        <SignaturePad
          labelId={labelId}
          signed={typeof answer === 'string' && answer !== ''}
          onChange={onAnswer}
        />
      );
  }
}

function Outcome({ evaluation }: { evaluation: ItemEvaluation }) {
  if (evaluation.outcome === 'fail') {
    return (
      <Text size="sm" c="red.7" fw={600} className={classes.outcome} role="status">
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
  return null;
}

/**
 * The checklist as an inspector will see it on site: every item answerable, with the failure rule
 * applied live (the same evaluateItem the inspector app uses).
 */
export function TemplatePreview({ title, subtitle, content }: TemplatePreviewProps) {
  const baseId = useId();
  const [answers, setAnswers] = useState<Record<string, ItemAnswer>>({});
  const evaluation = useMemo(() => evaluateTemplate(content, answers), [content, answers]);
  const total = content.sections.reduce((n, s) => n + s.items.length, 0);
  const answered = Object.values(evaluation.items).filter(
    (e) => e.outcome !== 'missing' && e.outcome !== 'skipped',
  ).length;
  const failed = evaluation.failedItems.length;

  return (
    <Paper className={classes.device} withBorder shadow="sm" data-testid="template-preview">
      <div className={classes.deviceHeader}>
        <Text size="xs" tt="uppercase" fw={700} c="brand.1" style={{ letterSpacing: '0.06em' }}>
          Inspector view
        </Text>
        <Title order={2} size="h3" c="white" lh={1.3}>
          {title || 'Untitled template'}
        </Title>
        {subtitle ? (
          <Text size="xs" c="brand.0">
            {subtitle}
          </Text>
        ) : null}
        <Group gap="xs" mt={8} justify="space-between" wrap="nowrap">
          <Text size="xs" c="white" data-testid="preview-progress">
            {answered} of {total} answered
            {failed ? ` · ${failed} failed` : ''}
          </Text>
          <Button
            size="compact-xs"
            variant="white"
            color="dark"
            leftSection={<IconRefresh size={12} aria-hidden="true" />}
            onClick={() => setAnswers({})}
            disabled={answered === 0}
          >
            Reset answers
          </Button>
        </Group>
        <Progress
          value={total ? (answered / total) * 100 : 0}
          color={failed ? 'red.4' : 'green.4'}
          size="sm"
          mt={8}
          aria-label="Answered"
          bg="rgba(255,255,255,0.25)"
        />
      </div>
      <div className={classes.deviceBody}>
        {content.sections.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            Add a section and an item to see the form here.
          </Text>
        ) : null}
        {content.sections.map((section, s) => (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: a draft may hold two sections with one key until it is fixed
            key={`${section.key}-${s}`}
            className={classes.section}
            aria-label={section.title || `Section ${s + 1}`}
          >
            <Text fw={700} size="sm" tt="uppercase" c="dark.6" className={classes.sectionTitle}>
              {section.title || `Section ${s + 1}`}
            </Text>
            {section.items.length === 0 ? (
              <Text size="sm" c="dimmed" fs="italic">
                No items in this section yet.
              </Text>
            ) : null}
            <Stack gap="sm">
              {section.items.map((item, i) => {
                const id = `${baseId}-${s}-${i}`;
                const result = evaluation.items[item.key] ?? evaluateItem(item, undefined);
                return (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: a draft may hold two items with one key until it is fixed
                    key={`${item.key}-${i}`}
                    className={classes.item}
                    data-outcome={result.outcome}
                    data-testid="preview-item"
                  >
                    <Group gap={6} wrap="nowrap" align="flex-start" justify="space-between">
                      <Text
                        component={LABELLED_INPUTS.has(item.type) ? 'label' : 'div'}
                        {...(LABELLED_INPUTS.has(item.type) ? { htmlFor: id } : {})}
                        id={`${id}-label`}
                        size="sm"
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
                      {result.outcome === 'pass' ||
                      result.outcome === 'recorded' ||
                      result.outcome === 'not_applicable' ? (
                        <>
                          <IconCircleCheck
                            size={18}
                            color="var(--mantine-color-green-7)"
                            aria-hidden="true"
                          />
                          <VisuallyHidden>Answered</VisuallyHidden>
                        </>
                      ) : result.outcome === 'fail' ? (
                        <Badge color="red" size="xs" variant="filled">
                          Fail
                        </Badge>
                      ) : null}
                    </Group>
                    {item.helpText ? (
                      <Text size="xs" c="dimmed" mt={2}>
                        {item.helpText}
                      </Text>
                    ) : null}
                    {item.type === 'number' && (item.min !== null || item.max !== null) ? (
                      <Text size="xs" c="dimmed" mt={2}>
                        Acceptable:{' '}
                        {item.min !== null && item.max !== null
                          ? `${item.min}–${item.max}`
                          : item.min !== null
                            ? `at least ${item.min}`
                            : `at most ${item.max}`}
                        {item.unit ? ` ${item.unit}` : ''}
                      </Text>
                    ) : null}
                    <Box mt={8}>
                      <ItemControl
                        item={item}
                        id={id}
                        answer={answers[item.key]}
                        onAnswer={(answer) => setAnswers((current) => ({ ...current, [item.key]: answer }))}
                      />
                    </Box>
                    <Outcome evaluation={result} />
                  </div>
                );
              })}
            </Stack>
          </section>
        ))}
      </div>
    </Paper>
  );
}
