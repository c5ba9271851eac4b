import { Alert, List, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconArchive, IconInfoCircle } from '@tabler/icons-react';
import { plural } from '@/lib/plural';
import { formatRelativeTime } from '@/utils/format-relative-time';
import type { TemplateBuilderModel } from './use-template-builder';

/** Which version is being edited and which one inspectors use, or that the template is archived. */
export function BuilderBanner({ builder }: { builder: TemplateBuilderModel }) {
  const { template, readOnly, hasDraft } = builder;
  if (readOnly) {
    return (
      <Alert color="gray" variant="light" icon={<IconArchive aria-hidden="true" />} title="Archived">
        This template was archived {template.archivedAt ? formatRelativeTime(template.archivedAt) : ''} and is
        read only. Restore it to edit or use it again.
      </Alert>
    );
  }
  const banner =
    template.publishedVersion === null
      ? {
          color: 'yellow',
          text: 'Not published yet: inspectors can use this checklist once you publish it.',
        }
      : hasDraft
        ? {
            color: 'blue',
            text: `You are editing the draft of version ${template.draftVersion}. Version ${template.publishedVersion} stays in use until you publish.`,
          }
        : {
            color: 'blue',
            text: `Version ${template.publishedVersion} is published and in use. Saving a change starts version ${template.latestVersion + 1} as a draft; inspections keep the version they were done with.`,
          };
  return (
    <Alert
      color={banner.color}
      variant="light"
      icon={<IconInfoCircle aria-hidden="true" />}
      data-testid="builder-banner"
    >
      {banner.text}
    </Alert>
  );
}

/** What stops publishing; a problem about an item selects that item when clicked. */
export function PublishProblems({ builder }: { builder: TemplateBuilderModel }) {
  const { showProblems, shownProblems, problemIndex, dispatch } = builder;
  if (!showProblems || !shownProblems.length) return null;
  return (
    <div ref={builder.problemsRef}>
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden="true" />}
        title={`Fix ${plural(shownProblems.length, 'problem')} before publishing`}
        withCloseButton
        closeButtonLabel="Hide problems"
        onClose={builder.hideProblems}
        role="alert"
        data-testid="publish-problems"
      >
        <List size="sm" spacing={4}>
          {shownProblems.map((problem) => {
            const itemUid = [...problemIndex.items].find(([, list]) => list.includes(problem))?.[0];
            return (
              <List.Item key={problem.field + problem.message}>
                {itemUid ? (
                  <UnstyledButton
                    onClick={() => dispatch({ type: 'select', uid: itemUid })}
                    style={{ textDecoration: 'underline', textAlign: 'left' }}
                    fz="sm"
                  >
                    {problem.message}
                  </UnstyledButton>
                ) : (
                  problem.message
                )}
              </List.Item>
            );
          })}
        </List>
      </Alert>
    </div>
  );
}
