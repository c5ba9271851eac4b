import { InspectionCategoriesScreen } from '@/features/inspection-categories';

function InspectionCategoriesRoute() {
  return <InspectionCategoriesScreen />;
}

export { InspectionCategoriesRoute as Component };
