export {
  useActiveCategories,
  useCategoryOptions,
} from './api/get-inspection-categories';
export { inspectionCategoryKeys } from './api/keys';
export { InspectionCategoriesScreen } from './components/categories-screen';
