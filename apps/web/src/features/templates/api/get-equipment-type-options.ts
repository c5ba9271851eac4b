import { useQuery } from '@tanstack/react-query';
import { getEquipmentTypeOptionsQueryOptions } from '@/features/equipment-types';

/** The catalogue's equipment types a template can be linked to, archived ones included. */
export function useEquipmentTypeOptions() {
  return useQuery({ ...getEquipmentTypeOptionsQueryOptions(true), staleTime: 5 * 60_000 });
}
