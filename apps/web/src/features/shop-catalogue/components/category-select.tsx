import type { ProductCategoryTreeNode } from '@inspecta/contract';
import { Select, type SelectProps } from '@mantine/core';
import { useCategoryTree } from '../api/get-category-tree';

interface CategoryOption {
  value: string;
  label: string;
}

/** Every category of the tree as "Parent" and "Parent › Child", in tree order. */
export function categoryOptions(
  tree: ProductCategoryTreeNode[],
  { topLevelOnly = false, exclude }: { topLevelOnly?: boolean; exclude?: number } = {},
): CategoryOption[] {
  const options: CategoryOption[] = [];
  for (const node of tree) {
    if (node.id === exclude) continue;
    options.push({ value: String(node.id), label: node.name });
    if (topLevelOnly) continue;
    for (const child of node.children) {
      if (child.id === exclude) continue;
      options.push({ value: String(child.id), label: `${node.name} › ${child.name}` });
    }
  }
  return options;
}

interface CategorySelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (value: string | null) => void;
}

/** Pick a category (active ones) from the two-level tree, searchable. */
export function CategorySelect({ value, onChange, placeholder, ...rest }: CategorySelectProps) {
  const tree = useCategoryTree();
  return (
    <Select
      data={categoryOptions(tree.data?.categories ?? [])}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage="No category matches"
      placeholder={tree.isPending ? 'Loading categories…' : placeholder}
      {...rest}
    />
  );
}
