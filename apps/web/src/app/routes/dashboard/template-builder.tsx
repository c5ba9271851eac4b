import { useParams } from 'react-router';
import { ActivityHistory } from '@/features/activity';
import { TemplateBuilder } from '@/features/templates';

/** The template's changes, in the builder's History drawer under its versions (docs/activity-log.md). */
const activitySection = (templateId: number) => (
  <ActivityHistory entityType="template" entityId={templateId} title="Activity" />
);

function TemplateBuilderRoute() {
  const { templateId } = useParams();
  const id = Number(templateId);
  // A malformed id is simply a template that does not exist (the builder shows "not found").
  return (
    <TemplateBuilder templateId={Number.isInteger(id) && id > 0 ? id : 0} activitySection={activitySection} />
  );
}

export { TemplateBuilderRoute as Component };
