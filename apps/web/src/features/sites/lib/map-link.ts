import type { Site } from '@inspecta/contract';

type Located = Pick<
  Site,
  | 'latitude'
  | 'longitude'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'district'
  | 'state'
  | 'pincode'
  | 'country'
>;

/** The site's address as one line, skipping what is not known. */
export function formatAddress(site: Located): string {
  return [site.addressLine1, site.addressLine2, site.city, site.district, site.state, site.pincode]
    .filter((part): part is string => Boolean(part?.trim()))
    .filter((part, index, all) => all.indexOf(part) === index)
    .join(', ');
}

/**
 * An OpenStreetMap link: a marker at the coordinates when known, otherwise a search for the
 * address; null when there is nothing to point at.
 */
export function openStreetMapUrl(site: Located): string | null {
  if (site.latitude !== null && site.longitude !== null) {
    const lat = site.latitude.toFixed(5);
    const lng = site.longitude.toFixed(5);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  }
  const address = formatAddress(site);
  if (!address) return null;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${address}, ${site.country}`)}`;
}
