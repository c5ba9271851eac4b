import { TemplatesScreen } from '@/features/templates';

function TemplatesRoute() {
  return <TemplatesScreen />;
}

export { TemplatesRoute as Component };
