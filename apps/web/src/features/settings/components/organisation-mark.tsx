import { Image } from '@mantine/core';
import { useOrganisation } from '../api/organisation';

interface OrganisationMarkProps {
  /** Pixel height of the logo. */
  height: number;
  'data-testid'?: string;
}

/** The organisation's logo (Settings → Organisation), or nothing while none is set. */
export function OrganisationMark({ height, ...rest }: OrganisationMarkProps) {
  const query = useOrganisation();
  const organisation = query.data?.organisation;
  if (!organisation?.logoUrl) return null;
  return (
    <Image
      src={organisation.logoUrl}
      alt={organisation.companyName}
      h={height}
      w="auto"
      maw={height * 4}
      fit="contain"
      data-testid={rest['data-testid'] ?? 'organisation-logo'}
    />
  );
}
