import type { EquipmentTypeStatus } from '@inspecta/contract';
import { Badge } from '@mantine/core';

export function TypeStatusBadge({ status }: { status: EquipmentTypeStatus }) {
  const style = { flexShrink: 0, minWidth: 'max-content' };
  return status === 'active' ? (
    <Badge variant="light" radius="sm" color="teal" c="#0b6b57" style={style}>
      Active
    </Badge>
  ) : (
    <Badge variant="light" radius="sm" color="gray" c="#495057" style={style}>
      Archived
    </Badge>
  );
}
