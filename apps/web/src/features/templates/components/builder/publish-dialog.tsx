import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import type { TemplateBuilderModel } from './use-template-builder';

/** Asks for the optional change note and says what publishing does before it happens. */
export function PublishDialog({ builder }: { builder: TemplateBuilderModel }) {
  const { template, editingVersion, dirty, busy } = builder;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={builder.publishing}
      onClose={builder.closePublish}
      title={<Text fw={700}>Publish version {editingVersion}?</Text>}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          New inspections of {template.name} will use version {editingVersion}.
          {template.publishedVersion !== null
            ? ` Inspections already done keep version ${template.publishedVersion} or earlier.`
            : ''}{' '}
          A published version can no longer be changed; later edits start a new version.
        </Text>
        {dirty ? (
          <Text size="sm" c="dimmed">
            Your unsaved changes are saved first.
          </Text>
        ) : null}
        <Textarea
          label="What changed? (optional)"
          description="Shown in the version history"
          placeholder={template.publishedVersion === null ? 'First release' : 'e.g. Added a photo of the tag'}
          value={builder.changeNote}
          onChange={(e) => builder.setChangeNote(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={builder.closePublish} disabled={busy}>
            Cancel
          </Button>
          <Button
            leftSection={<IconRocket size={16} aria-hidden="true" />}
            onClick={() => void builder.confirmPublish()}
            loading={busy}
          >
            Publish version {editingVersion}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
