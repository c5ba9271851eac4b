import { useParams } from 'react-router';
import { TemplateBuilder } from '@/features/templates';

function TemplateBuilderRoute() {
  const { templateId } = useParams();
  const id = Number(templateId);
  // A malformed id is simply a template that does not exist (the builder shows "not found").
  return <TemplateBuilder templateId={Number.isInteger(id) && id > 0 ? id : 0} />;
}

export { TemplateBuilderRoute as Component };
