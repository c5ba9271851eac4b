import { IconLayoutDashboard } from '@tabler/icons-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

function HomeRoute() {
  return (
    <>
      <PageHeader title="Home" description="An overview of your sites, equipment and inspections." />
      <EmptyState icon={IconLayoutDashboard}>
        Key figures for your sites, equipment and inspections, with the work that is due or overdue, will
        appear here.
      </EmptyState>
    </>
  );
}

export { HomeRoute as Component };
