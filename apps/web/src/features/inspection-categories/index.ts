export { createInspectionCategory, useCreateInspectionCategory } from './api/create-inspection-category';
export { deleteInspectionCategory, useDeleteInspectionCategory } from './api/delete-inspection-category';
export {
  getInspectionCategories,
  getInspectionCategoriesQueryOptions,
  useInspectionCategories,
} from './api/get-inspection-categories';
export { updateInspectionCategory, useUpdateInspectionCategory } from './api/update-inspection-category';
export { InspectionCategoriesScreen } from './components/categories-screen';
export { CategoryFormModal } from './components/category-form-modal';
