import { useQueryClient } from '@tanstack/react-query';
import { equipmentKeys } from '@/features/equipment';
import { EquipmentTypesLinksProvider, EquipmentTypesScreen } from '@/features/equipment-types';
import { SavedViewsMenu } from '@/features/saved-views';
import { usePublishedTemplates } from '@/features/templates';

/**
 * /dashboard/equipment-types: the catalogue, given the published checklists a type can default to
 * and told to refresh the units when a type changes (those features import equipment types).
 */
function EquipmentTypesRoute() {
  const queryClient = useQueryClient();
  const templates = usePublishedTemplates();
  return (
    <EquipmentTypesLinksProvider
      value={{
        publishedTemplates: { templates: templates.data?.templates ?? [], loading: templates.isLoading },
        onTypeSaved: () => queryClient.invalidateQueries({ queryKey: equipmentKeys.units }),
      }}
    >
      <EquipmentTypesScreen views={<SavedViewsMenu list="equipment-types" />} />
    </EquipmentTypesLinksProvider>
  );
}

export { EquipmentTypesRoute as Component };
