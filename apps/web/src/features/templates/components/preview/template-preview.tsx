import { evaluateItem, evaluateTemplate, type ItemAnswer, type TemplateContent } from '@inspecta/contract';
import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { ChecklistItem } from '@/components/checklist/checklist-item';
import classes from './template-preview.module.css';

interface TemplatePreviewProps {
  title: string;
  subtitle?: string;
  content: TemplateContent;
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
                return (
                  <ChecklistItem
                    // biome-ignore lint/suspicious/noArrayIndexKey: a draft may hold two items with one key until it is fixed
                    key={`${item.key}-${i}`}
                    data-testid="preview-item"
                    item={item}
                    id={id}
                    answer={answers[item.key]}
                    evaluation={evaluation.items[item.key] ?? evaluateItem(item, undefined)}
                    onAnswer={(answer) => setAnswers((current) => ({ ...current, [item.key]: answer }))}
                  />
                );
              })}
            </Stack>
          </section>
        ))}
      </div>
    </Paper>
  );
}
