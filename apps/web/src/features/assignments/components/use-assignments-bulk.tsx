import { Select, Textarea } from '@mantine/core';
import { IconUserShare, IconX } from '@tabler/icons-react';
import { BulkActionBar } from '@/components/list-screen/bulk-action-bar';
import { useRowSelection } from '@/components/list-screen/use-row-selection';
import { useBulkAssignments } from '../api/bulk-assignments';
import { exportAssignments } from '../api/export-assignments';
import type { AssignmentListParams } from '../api/get-assignments';
import { useInspectors } from '../api/get-inspectors';

const assignments = (n: number) => (n === 1 ? '1 assignment' : `${n} assignments`);

/**
 * Row selection and the bulk action bar of Inspection Management (docs/inspections.md "Bulk
 * actions"): cancel with a reason, reassign to an inspector, export the selection. Another tab,
 * filter or search clears it.
 */
export function useAssignmentsBulk(params: AssignmentListParams) {
  const { page: _page, limit: _limit, sort: _sort, ...filters } = params;
  const selection = useRowSelection(JSON.stringify(filters));
  const bulk = useBulkAssignments();
  const inspectors = useInspectors();
  const bar = (
    <BulkActionBar
      mb="md"
      selection={selection}
      noun={['assignment', 'assignments']}
      actions={[
        {
          key: 'reassign',
          label: 'Reassign',
          icon: <IconUserShare size={14} aria-hidden="true" />,
          title: (n) => `Reassign ${assignments(n)}?`,
          description:
            'The chosen inspector gets each assignment and is told; the previous inspectors are told it was moved. Completed or cancelled assignments cannot be reassigned: if one is selected, nothing changes.',
          confirmLabel: (n) => `Reassign ${assignments(n)}`,
          fields: (values, set) => (
            <Select
              label="New inspector"
              placeholder="Choose an active inspector"
              required
              searchable
              data={(inspectors.data?.inspectors ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
              value={values.inspectorId ?? null}
              onChange={(value) => set('inspectorId', value ?? '')}
              comboboxProps={{ withinPortal: true }}
              data-testid="bulk-inspector"
              data-autofocus
            />
          ),
          ready: (values) => Boolean(values.inspectorId),
          run: (ids, values) =>
            bulk.mutateAsync({ ids, action: 'reassign', inspectorId: Number(values.inspectorId) }),
        },
        {
          key: 'cancel',
          label: 'Cancel',
          color: 'red',
          icon: <IconX size={14} aria-hidden="true" />,
          title: (n) => `Cancel ${assignments(n)}?`,
          description:
            'The inspectors no longer see these inspections and are told why; they stay in the records as cancelled. Completed or already cancelled ones cannot be cancelled: if one is selected, nothing changes.',
          confirmLabel: (n) => `Cancel ${assignments(n)}`,
          fields: (values, set) => (
            <Textarea
              label="Reason"
              required
              autosize
              minRows={2}
              value={values.cancelReason ?? ''}
              onChange={(event) => set('cancelReason', event.currentTarget.value)}
              data-testid="bulk-cancel-reason"
              data-autofocus
            />
          ),
          ready: (values) => Boolean(values.cancelReason?.trim()),
          run: (ids, values) =>
            bulk.mutateAsync({ ids, action: 'cancel', cancelReason: values.cancelReason?.trim() }),
        },
      ]}
      exportSelection={(format, options, ids) => exportAssignments(format, params, options, ids)}
    />
  );
  return { selection, bar };
}
