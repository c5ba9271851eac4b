import { createContext, type ReactNode, useContext } from 'react';

/**
 * What the equipment-types screens need from neighbouring features. Templates (filters, default
 * checklists) and equipment (a unit's type) import this feature, so importing them back would close
 * an import cycle: the route that shows these screens supplies both parts instead.
 */
export interface EquipmentTypesLinks {
  /** The published checklists a type can use as its default (the templates feature's list). */
  publishedTemplates: { templates: ReadonlyArray<{ id: number; name: string }>; loading: boolean };
  /** After a type is saved: refresh what shows its units (a new interval moves their due dates). */
  onTypeSaved: () => Promise<unknown>;
}

const EquipmentTypesLinksContext = createContext<EquipmentTypesLinks>({
  publishedTemplates: { templates: [], loading: false },
  onTypeSaved: () => Promise.resolve(),
});

export function EquipmentTypesLinksProvider({
  value,
  children,
}: {
  value: EquipmentTypesLinks;
  children: ReactNode;
}) {
  return <EquipmentTypesLinksContext.Provider value={value}>{children}</EquipmentTypesLinksContext.Provider>;
}

export function useEquipmentTypesLinks(): EquipmentTypesLinks {
  return useContext(EquipmentTypesLinksContext);
}
