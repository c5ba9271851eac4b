import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { sitePaths } from '@/config/paths';
import { SavedViewsMenu } from '@/features/saved-views';
import { SitesList } from '@/features/sites';

function SiteManagementRoute() {
  return (
    <>
      <PageHeader
        title="Site Management"
        description="Client sites, their addresses and their contacts."
        actions={
          <Button
            component={Link}
            to={sitePaths.create}
            leftSection={<IconPlus size={16} aria-hidden="true" />}
          >
            Add site
          </Button>
        }
      />
      <SitesList views={<SavedViewsMenu list="sites" />} />
    </>
  );
}

export { SiteManagementRoute as Component };
