import type { AnswerValue, ItemResult, TemplateItem } from '@inspecta/contract';
import { Badge, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { resultColours } from '@/components/ui/result-badge';
import { answerText, imageUrls, numberRange } from '../lib/format';

/** Opens a larger view of images: the list, which one, and what they show. */
export type OpenImages = (images: { urls: string[]; index: number; title: string }) => void;

interface AnswerViewProps {
  item: TemplateItem;
  answer: AnswerValue | undefined;
  outcome: ItemResult['outcome'] | undefined;
  onOpenImages: OpenImages;
}

/** One answer, shown the way its item type reads best: images, chips, a value with its unit. */
export function AnswerView({ item, answer, outcome, onOpenImages }: AnswerViewProps) {
  if (outcome === 'missing' || outcome === 'skipped' || answer === null || answer === undefined) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        Not answered
      </Text>
    );
  }

  if (item.type === 'photo' || item.type === 'signature') {
    const urls = imageUrls(answer);
    if (urls.length === 0) {
      return (
        <Text size="sm" c="dimmed" fs="italic">
          Not answered
        </Text>
      );
    }
    const signature = item.type === 'signature';
    return (
      <Group gap="xs">
        {urls.map((url, index) => (
          <UnstyledButton
            key={url}
            onClick={() => onOpenImages({ urls, index, title: item.label })}
            aria-label={
              signature
                ? `Open the signature (${item.label}) larger`
                : `Open photo ${index + 1} of ${urls.length} (${item.label}) larger`
            }
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              border: '1px solid var(--mantine-color-gray-3)',
              background: 'white',
              overflow: 'hidden',
              lineHeight: 0,
            }}
            data-testid={signature ? 'answer-signature' : 'answer-photo'}
          >
            <Image
              src={url}
              alt={signature ? `Signature: ${item.label}` : `${item.label}, photo ${index + 1}`}
              w={signature ? 180 : 88}
              h={signature ? 72 : 88}
              fit={signature ? 'contain' : 'cover'}
              loading="lazy"
            />
          </UnstyledButton>
        ))}
      </Group>
    );
  }

  if (item.type === 'multi_select' && Array.isArray(answer)) {
    if (answer.length === 0) {
      return (
        <Text size="sm" c="dimmed" fs="italic">
          None chosen
        </Text>
      );
    }
    return (
      <Group gap={6}>
        {answer.map((option) => {
          const failing = item.failWhen.options.includes(option);
          return (
            <Badge
              key={option}
              variant={failing ? 'filled' : 'light'}
              color={failing ? 'red.8' : 'gray'}
              c={failing ? 'white' : 'dark.7'}
              tt="none"
              radius="sm"
              data-testid="answer-chip"
            >
              {option}
            </Badge>
          );
        })}
      </Group>
    );
  }

  const text = answerText(item, answer);
  if (item.type === 'number') {
    const range = numberRange(item);
    return (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {text}
        </Text>
        {range ? (
          <Text size="xs" c="dimmed">
            {range}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (item.type === 'pass_fail' || item.type === 'yes_no_na') {
    const tone =
      outcome === 'fail' ? resultColours.fail : outcome === 'not_applicable' ? 'gray.7' : resultColours.pass;
    return (
      <Text size="sm" fw={700} c={tone}>
        {text}
      </Text>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
