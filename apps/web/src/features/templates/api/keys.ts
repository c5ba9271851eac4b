import type { TemplateDetail } from '@inspecta/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the templates feature: everything under ['templates'] is refreshed after a change. */
export const templatesKey = ['templates'] as const;
export const templateKey = (id: number) => [...templatesKey, 'detail', id] as const;
export const templateVersionsKey = (id: number) => [...templatesKey, 'versions', id] as const;

/** After any change to a template: store the answer, refresh lists, versions and category counts. */
export function onTemplateChanged(queryClient: QueryClient, template: TemplateDetail): Promise<unknown> {
  queryClient.setQueryData(templateKey(template.id), { template });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...templatesKey, 'list'] }),
    queryClient.invalidateQueries({ queryKey: templateVersionsKey(template.id) }),
    queryClient.invalidateQueries({ queryKey: [...templatesKey, 'equipment-type-options'] }),
    queryClient.invalidateQueries({ queryKey: ['inspection-categories'] }),
  ]);
}
