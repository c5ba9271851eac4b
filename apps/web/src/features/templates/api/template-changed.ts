import type { TemplateDetail } from '@inspecta/contract';
import type { QueryClient } from '@tanstack/react-query';
import { equipmentTypeKeys } from '@/features/equipment-types';
import { inspectionCategoryKeys } from '@/features/inspection-categories';
import { templateKeys } from './keys';

/**
 * After any change to a template: store the answer, refresh lists and versions, the category counts
 * and the equipment types (their default checklist).
 */
export function onTemplateChanged(queryClient: QueryClient, template: TemplateDetail): Promise<unknown> {
  queryClient.setQueryData(templateKeys.detail(template.id), { template });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: templateKeys.lists }),
    queryClient.invalidateQueries({ queryKey: templateKeys.versions(template.id) }),
    queryClient.invalidateQueries({ queryKey: equipmentTypeKeys.all }),
    queryClient.invalidateQueries({ queryKey: inspectionCategoryKeys.all }),
  ]);
}
