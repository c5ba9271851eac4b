export { usePublishedTemplates } from './api/get-templates';
export { TemplateBuilder } from './components/builder/template-builder';
export { TemplatesScreen } from './components/templates-screen';
