import { describe, expect, it } from 'vitest';
import { formatAddress, openStreetMapUrl } from './map-link';

const base = {
  latitude: null,
  longitude: null,
  addressLine1: '12, MIDC Road',
  addressLine2: null,
  city: 'Mumbai',
  district: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400069',
  country: 'India',
};

describe('map link', () => {
  it('points at the coordinates when they are known', () => {
    expect(openStreetMapUrl({ ...base, latitude: 19.1136, longitude: 72.8697 })).toBe(
      'https://www.openstreetmap.org/?mlat=19.11360&mlon=72.86970#map=17/19.11360/72.86970',
    );
  });

  it('searches for the address otherwise, and has nothing to show without one', () => {
    expect(formatAddress(base)).toBe('12, MIDC Road, Mumbai, Maharashtra, 400069');
    expect(openStreetMapUrl(base)).toBe(
      `https://www.openstreetmap.org/search?query=${encodeURIComponent('12, MIDC Road, Mumbai, Maharashtra, 400069, India')}`,
    );
    expect(
      openStreetMapUrl({
        ...base,
        addressLine1: null,
        city: null,
        district: null,
        state: null,
        pincode: null,
      }),
    ).toBeNull();
  });
});
