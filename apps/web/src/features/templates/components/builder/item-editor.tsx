import {
  contentKeySchema,
  type FieldError,
  type ItemType,
  itemTypes,
  type TemplateItem,
  yesNoNaAnswers,
  yesNoNaLabels,
} from '@inspecta/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Chip,
  Grid,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { shortProblem } from '../../lib/builder-state';
import { itemTypeInfo } from '../../lib/item-type-info';
import { ItemTypeIcon } from '../item-type-icon';
import classes from './builder.module.css';

interface ItemEditorProps {
  item: TemplateItem;
  problems: FieldError[];
  readOnly: boolean;
  onChange: (changes: Partial<TemplateItem>) => void;
  onTypeChange: (type: ItemType) => void;
  onKeyChange: (key: string) => void;
}

const typeOptions = itemTypes.map((type) => ({ value: type, label: itemTypeInfo[type].label }));

function problemFor(problems: FieldError[], suffix: string): string | undefined {
  const found = problems.find((p) => p.field.endsWith(suffix) || p.field.includes(`${suffix}.`));
  return found ? shortProblem(found.message) : undefined;
}

function ChoiceOptions({
  item,
  problems,
  readOnly,
  onChange,
}: {
  item: Extract<TemplateItem, { type: 'select' | 'multi_select' }>;
  problems: FieldError[];
  readOnly: boolean;
  onChange: (changes: Partial<TemplateItem>) => void;
}) {
  const failing = new Set(item.failWhen.options);
  const setOptions = (options: string[], failingOptions: string[]) =>
    onChange({ options, failWhen: { options: failingOptions } } as Partial<TemplateItem>);

  const rename = (index: number, value: string) => {
    const previous = item.options[index]!;
    const options = item.options.map((o, i) => (i === index ? value : o));
    // The failure rule follows the option it was set on.
    const failingOptions = item.failWhen.options.map((f) => (f === previous ? value : f));
    setOptions(options, failingOptions);
  };
  const toggleFailing = (option: string, fails: boolean) =>
    setOptions(
      item.options,
      fails ? [...item.failWhen.options, option] : item.failWhen.options.filter((f) => f !== option),
    );
  const remove = (index: number) => {
    const option = item.options[index]!;
    setOptions(
      item.options.filter((_, i) => i !== index),
      item.failWhen.options.filter(
        (f) => f !== option || item.options.filter((o) => o === option).length > 1,
      ),
    );
  };
  const add = () => setOptions([...item.options, `Option ${item.options.length + 1}`], item.failWhen.options);
  const listProblem = problems.find((p) => /\.options$/.test(p.field));
  const ruleProblem = problems.find((p) => p.field.endsWith('failWhen.options'));

  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Options
        </Text>
        <Text size="xs" c="dimmed">
          Tick the answers that fail the item
        </Text>
      </Group>
      {item.options.map((option, index) => {
        const optionProblem = problems.find((p) => p.field.endsWith(`.options.${index}`));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their text is the value
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`Option ${index + 1}`}
              value={option}
              onChange={(e) => rename(index, e.currentTarget.value)}
              error={optionProblem ? shortProblem(optionProblem.message) : undefined}
              readOnly={readOnly}
              style={{ flex: 1 }}
              size="sm"
            />
            <Checkbox
              mt={8}
              label="Fails"
              aria-label={`“${option || `Option ${index + 1}`}” fails the item`}
              checked={failing.has(option)}
              onChange={(e) => toggleFailing(option, e.currentTarget.checked)}
              disabled={readOnly}
              color="red"
            />
            <Tooltip label="Remove option" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={4}
                aria-label={`Remove option ${index + 1}`}
                onClick={() => remove(index)}
                disabled={readOnly}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
      {listProblem ? (
        <Text size="xs" c="red.7">
          {shortProblem(listProblem.message)}
        </Text>
      ) : null}
      {ruleProblem ? (
        <Text size="xs" c="red.7">
          {shortProblem(ruleProblem.message)}
        </Text>
      ) : null}
      {!readOnly ? (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={add}
          style={{ alignSelf: 'flex-start' }}
        >
          Add option
        </Button>
      ) : null}
    </Stack>
  );
}

function FailureRule({
  item,
  problems,
  readOnly,
  onChange,
}: Pick<ItemEditorProps, 'item' | 'problems' | 'readOnly' | 'onChange'>) {
  const ruleId = useId();
  switch (item.type) {
    case 'pass_fail':
      return (
        <Text size="sm" c="dimmed">
          Fails when the inspector marks it <b>Fail</b>.
        </Text>
      );
    case 'yes_no_na':
      return (
        <Stack gap={6}>
          <Text size="sm" fw={500} id={ruleId}>
            Fails when answered
          </Text>
          <Chip.Group
            multiple
            value={item.failWhen.answers}
            onChange={(answers) =>
              onChange({
                failWhen: { answers: answers as Array<'yes' | 'no' | 'na'> },
              } as Partial<TemplateItem>)
            }
          >
            <Group gap="xs" role="group" aria-labelledby={ruleId}>
              {yesNoNaAnswers.map((answer) => (
                <Chip key={answer} value={answer} color="red" variant="outline" disabled={readOnly}>
                  {yesNoNaLabels[answer]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {problemFor(problems, 'failWhen.answers') ? (
            <Text size="xs" c="red.7">
              {problemFor(problems, 'failWhen.answers')}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {item.failWhen.answers.length ? 'Other answers pass.' : 'Choose none and the item never fails.'}
            </Text>
          )}
        </Stack>
      );
    case 'number':
      return (
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, xs: 4 }}>
            <TextInput
              label="Unit"
              placeholder="kg, bar, mm…"
              value={item.unit}
              onChange={(e) => onChange({ unit: e.currentTarget.value } as Partial<TemplateItem>)}
              readOnly={readOnly}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, xs: 4 }}>
            <NumberInput
              label="Minimum"
              description="Below fails"
              value={item.min ?? ''}
              onChange={(v) => onChange({ min: typeof v === 'number' ? v : null } as Partial<TemplateItem>)}
              error={problemFor(problems, '.min')}
              readOnly={readOnly}
              decimalScale={4}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, xs: 4 }}>
            <NumberInput
              label="Maximum"
              description="Above fails"
              value={item.max ?? ''}
              onChange={(v) => onChange({ max: typeof v === 'number' ? v : null } as Partial<TemplateItem>)}
              readOnly={readOnly}
              decimalScale={4}
            />
          </Grid.Col>
        </Grid>
      );
    case 'select':
    case 'multi_select':
      return <ChoiceOptions item={item} problems={problems} readOnly={readOnly} onChange={onChange} />;
    default:
      return (
        <Text size="sm" c="dimmed">
          No failure rule: the answer is recorded in the report.
        </Text>
      );
  }
}

/** The inline panel that edits one item: question, type, rule and key. */
export function ItemEditor({
  item,
  problems,
  readOnly,
  onChange,
  onTypeChange,
  onKeyChange,
}: ItemEditorProps) {
  const id = useId();
  const keyCheck = contentKeySchema.safeParse(item.key);
  const keyError = keyCheck.success ? problemFor(problems, '.key') : keyCheck.error.issues[0]?.message;
  const general = problems.filter(
    (p) => !/\.(label|key|min|options(\.\d+)?|failWhen\.(options|answers))$/.test(p.field),
  );

  return (
    <Stack gap="md" className={classes.editor} data-testid="item-editor">
      {general.map((p) => (
        <Alert
          key={p.field + p.message}
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          p="xs"
        >
          {shortProblem(p.message)}
        </Alert>
      ))}
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label="Question or check"
            placeholder="e.g. Pressure gauge in the green zone"
            value={item.label}
            onChange={(e) => onChange({ label: e.currentTarget.value })}
            error={problemFor(problems, '.label')}
            readOnly={readOnly}
            data-autofocus
            id={`${id}-label`}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label="Answer type"
            data={typeOptions}
            value={item.type}
            onChange={(value) => value && onTypeChange(value as ItemType)}
            allowDeselect={false}
            readOnly={readOnly}
            leftSection={<ItemTypeIcon type={item.type} size={22} variant="transparent" />}
            renderOption={({ option }) => (
              <Group gap="sm" wrap="nowrap">
                <ItemTypeIcon type={option.value as ItemType} size={24} />
                <div>
                  <Text size="sm">{option.label}</Text>
                  <Text size="xs" c="dimmed">
                    {itemTypeInfo[option.value as ItemType].description}
                  </Text>
                </div>
              </Group>
            )}
          />
        </Grid.Col>
      </Grid>
      <TextInput
        label="Help for the inspector"
        placeholder="How to check it, what counts as a defect"
        value={item.helpText}
        onChange={(e) => onChange({ helpText: e.currentTarget.value })}
        readOnly={readOnly}
      />
      {item.type === 'text' ? (
        <Switch
          label="Long answer (several lines)"
          checked={item.multiline}
          onChange={(e) => onChange({ multiline: e.currentTarget.checked } as Partial<TemplateItem>)}
          disabled={readOnly}
        />
      ) : null}
      <div className={classes.ruleBox}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={8} style={{ letterSpacing: '0.05em' }}>
          {item.type === 'number' ? 'Unit and acceptable range' : 'Failure rule'}
        </Text>
        <FailureRule item={item} problems={problems} readOnly={readOnly} onChange={onChange} />
      </div>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Switch
          label="Required"
          description="The inspector must answer before submitting"
          checked={item.required}
          onChange={(e) => onChange({ required: e.currentTarget.checked })}
          disabled={readOnly}
        />
        <TextInput
          label="Key"
          description="Names the answer in reports and exports"
          value={item.key}
          onChange={(e) => onKeyChange(e.currentTarget.value)}
          error={keyError}
          readOnly={readOnly}
          size="xs"
          w={240}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      </Group>
    </Stack>
  );
}
