import { computeNextDueOn } from '@inspecta/contract';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../core/files/file-storage.js';
import { withFields } from '../core/with-fields.js';
import type { Transaction } from '../db/database.js';
import { equipment, equipmentTypes, type SiteContactValue, sites, users } from '../db/schema.js';
import { loadDemoAssignments } from './demo-assignments.js';
import { loadDemoInspections } from './demo-inspections.js';
import { loadDemoMaintenance } from './demo-maintenance.js';
import { loadDemoOrganisation } from './demo-organisation.js';
import { loadDemoShop } from './demo-shop.js';
import { loadDemoTemplates } from './demo-templates.js';
import { loadDemoUsers } from './demo-users.js';

/** Small deterministic PRNG so every fresh machine gets the same demo company. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const CLIENTS = [
  {
    firstName: 'Priya',
    lastName: 'Raman',
    company: 'Raman Realty Pvt Ltd',
    email: 'priya.raman@ramanrealty.in',
  },
  {
    firstName: 'Arjun',
    lastName: 'Mehta',
    company: 'Mehta Logistics Parks',
    email: 'arjun@mehtalogistics.in',
  },
  {
    firstName: 'Kavya',
    lastName: 'Iyer',
    company: 'Sunrise Hospitals Group',
    email: 'kavya.iyer@sunrisehospitals.in',
  },
  {
    firstName: 'Rohan',
    lastName: 'Kapoor',
    company: 'Kapoor Retail Malls',
    email: 'rohan.kapoor@kapoormalls.in',
  },
  {
    firstName: 'Neha',
    lastName: 'Desai',
    company: 'Desai Pharma Manufacturing',
    email: 'neha.desai@desaipharma.in',
  },
];

const INSPECTORS = [
  { firstName: 'Vikram', lastName: 'Singh', employeeCode: 'INS-101', licenceNumber: 'FSL-MH-22871' },
  { firstName: 'Anjali', lastName: 'Nair', employeeCode: 'INS-102', licenceNumber: 'FSL-KA-19034' },
  { firstName: 'Suresh', lastName: 'Patil', employeeCode: 'INS-103', licenceNumber: 'LFT-MH-5521' },
  { firstName: 'Meera', lastName: 'Joshi', employeeCode: 'INS-104', licenceNumber: 'FSL-GJ-30211' },
  { firstName: 'Farhan', lastName: 'Qureshi', employeeCode: 'INS-105', licenceNumber: 'PV-TN-7710' },
  { firstName: 'Lakshmi', lastName: 'Rao', employeeCode: 'INS-106', licenceNumber: 'FSL-TS-11822' },
];

const ADMINS = [{ firstName: 'Rahul', lastName: 'Verma', email: 'rahul.verma@inspecta.local' }];

const LOCATIONS = [
  {
    city: 'Mumbai',
    district: 'Mumbai Suburban',
    state: 'Maharashtra',
    pincode: '400069',
    lat: 19.1136,
    lng: 72.8697,
    area: 'Andheri East',
  },
  {
    city: 'Mumbai',
    district: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400013',
    lat: 19.0008,
    lng: 72.8302,
    area: 'Lower Parel',
  },
  {
    city: 'Pune',
    district: 'Pune',
    state: 'Maharashtra',
    pincode: '411057',
    lat: 18.5913,
    lng: 73.7389,
    area: 'Hinjawadi',
  },
  {
    city: 'Bengaluru',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    pincode: '560066',
    lat: 12.9698,
    lng: 77.75,
    area: 'Whitefield',
  },
  {
    city: 'Bengaluru',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    pincode: '560100',
    lat: 12.8456,
    lng: 77.6603,
    area: 'Electronic City',
  },
  {
    city: 'Chennai',
    district: 'Chennai',
    state: 'Tamil Nadu',
    pincode: '600096',
    lat: 12.9516,
    lng: 80.2405,
    area: 'Perungudi',
  },
  {
    city: 'Hyderabad',
    district: 'Rangareddy',
    state: 'Telangana',
    pincode: '500081',
    lat: 17.4483,
    lng: 78.3915,
    area: 'HITEC City',
  },
  {
    city: 'New Delhi',
    district: 'South Delhi',
    state: 'Delhi',
    pincode: '110020',
    lat: 28.5494,
    lng: 77.2662,
    area: 'Okhla Phase II',
  },
  {
    city: 'Ahmedabad',
    district: 'Ahmedabad',
    state: 'Gujarat',
    pincode: '380015',
    lat: 23.0225,
    lng: 72.5714,
    area: 'Satellite',
  },
  {
    city: 'Kolkata',
    district: 'North 24 Parganas',
    state: 'West Bengal',
    pincode: '700091',
    lat: 22.5726,
    lng: 88.4339,
    area: 'Salt Lake Sector V',
  },
];

/** Sites onboarded recently: no equipment registered yet; two are still drafts being filled in. */
const NEW_SITES = [
  {
    name: 'Malviya Nagar Warehouse',
    addressLine1: 'Plot 14, Industrial Area',
    addressLine2: 'Malviya Nagar',
    city: 'Jaipur',
    district: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302017',
    lat: 26.8549,
    lng: 75.8243,
    status: 'active' as const,
  },
  {
    name: 'Kakkanad Data Centre',
    addressLine1: 'Infopark Phase II, Tower 3',
    addressLine2: 'Kakkanad',
    city: 'Kochi',
    district: 'Ernakulam',
    state: 'Kerala',
    pincode: '682042',
    lat: 10.0159,
    lng: 76.3419,
    status: 'active' as const,
  },
  {
    name: 'Industrial Area Phase I Plant',
    addressLine1: 'Plot 221, Industrial Area Phase I',
    addressLine2: null,
    city: 'Chandigarh',
    district: 'Chandigarh',
    state: 'Chandigarh',
    pincode: '160002',
    lat: 30.7046,
    lng: 76.8013,
    status: 'inactive' as const,
  },
  {
    name: 'Gomti Nagar Hospital',
    addressLine1: 'Vibhuti Khand, Gomti Nagar',
    addressLine2: null,
    city: 'Lucknow',
    district: 'Lucknow',
    state: 'Uttar Pradesh',
    pincode: '226010',
    lat: 26.8625,
    lng: 81.0057,
    status: 'active' as const,
  },
  {
    name: 'Vijay Nagar Mall',
    addressLine1: null,
    addressLine2: null,
    city: 'Indore',
    district: null,
    state: null,
    pincode: null,
    lat: null,
    lng: null,
    status: 'draft' as const,
  },
  {
    name: 'Peelamedu Corporate Tower',
    addressLine1: 'Avinashi Road',
    addressLine2: 'Peelamedu',
    city: 'Coimbatore',
    district: 'Coimbatore',
    state: 'Tamil Nadu',
    pincode: '641004',
    lat: 11.0276,
    lng: 77.0276,
    status: 'draft' as const,
  },
];

const SECURITY_DESK: SiteContactValue = {
  name: 'Security control room',
  role: 'Security desk (24x7)',
  phone: null,
  email: null,
};

const SITE_KINDS = [
  'Business Park',
  'Warehouse',
  'Hospital',
  'Mall',
  'Plant',
  'Corporate Tower',
  'Data Centre',
];

const EQUIPMENT_TYPES = [
  {
    name: 'Fire extinguisher, ABC powder 6 kg',
    category: 'Fire protection',
    manufacturer: 'Ceasefire',
    model: 'ABC-6',
    interval: 30,
    prefix: 'FE',
  },
  {
    name: 'Fire extinguisher, CO2 4.5 kg',
    category: 'Fire protection',
    manufacturer: 'Kanex',
    model: 'CO2-4.5',
    interval: 30,
    prefix: 'FE',
  },
  {
    name: 'Fire hydrant (internal)',
    category: 'Fire protection',
    manufacturer: 'Newage',
    model: 'IH-63',
    interval: 365,
    prefix: 'HY',
  },
  {
    name: 'Sprinkler system zone',
    category: 'Fire protection',
    manufacturer: 'Viking',
    model: 'VK-102',
    interval: 180,
    prefix: 'SP',
  },
  {
    name: 'Fire alarm control panel',
    category: 'Detection and alarm',
    manufacturer: 'Honeywell',
    model: 'Notifier NFS2-3030',
    interval: 90,
    prefix: 'FA',
  },
  {
    name: 'Smoke detector',
    category: 'Detection and alarm',
    manufacturer: 'Apollo',
    model: 'XP95',
    interval: 180,
    prefix: 'SD',
  },
  {
    name: 'Passenger lift',
    category: 'Lifts and escalators',
    manufacturer: 'Otis',
    model: 'Gen2',
    interval: 180,
    prefix: 'LF',
  },
  {
    name: 'Goods lift',
    category: 'Lifts and escalators',
    manufacturer: 'Schindler',
    model: '5500',
    interval: 180,
    prefix: 'LF',
  },
  {
    name: 'Air receiver (pressure vessel)',
    category: 'Pressure systems',
    manufacturer: 'Ingersoll Rand',
    model: 'AR-500L',
    interval: 365,
    prefix: 'PV',
  },
  {
    name: 'HVAC chiller',
    category: 'HVAC',
    manufacturer: 'Carrier',
    model: 'AquaEdge 19DV',
    interval: 90,
    prefix: 'HV',
  },
  {
    name: 'Diesel generator set',
    category: 'Electrical',
    manufacturer: 'Cummins',
    model: 'C500D5',
    interval: 90,
    prefix: 'DG',
  },
  {
    name: 'Emergency lighting unit',
    category: 'Electrical',
    manufacturer: 'Philips',
    model: 'EL-LED-3H',
    interval: 90,
    prefix: 'EL',
  },
  {
    name: 'Fire hose reel',
    category: 'Fire protection',
    manufacturer: 'Newage',
    model: 'HR-30M',
    interval: 90,
    prefix: 'HR',
  },
  {
    name: 'Fire pump set (electric)',
    category: 'Fire protection',
    manufacturer: 'Kirloskar',
    model: 'KFP-1500',
    interval: 30,
    prefix: 'FP',
  },
  {
    name: 'Escalator',
    category: 'Lifts and escalators',
    manufacturer: 'KONE',
    model: 'TravelMaster 110',
    interval: 180,
    prefix: 'ES',
  },
  {
    name: 'Steam boiler',
    category: 'Pressure systems',
    manufacturer: 'Thermax',
    model: 'Shellmax 2T',
    interval: 365,
    prefix: 'BL',
  },
  {
    name: 'Gas suppression system (FM-200)',
    category: 'Fire protection',
    manufacturer: 'Kidde',
    model: 'FM200-ECS',
    interval: 180,
    prefix: 'GS',
  },
];

const SPOTS = [
  'Ground floor lobby',
  'Basement parking B1',
  'Level 2 corridor',
  'Level 5 east wing',
  'Loading bay',
  'Plant room',
  'Roof',
  'Server room',
  'Kitchen',
  'Stairwell A',
];

const DAY = 86_400_000;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A living demo company: clients, inspectors, ~20 sites, 17 equipment types and ~400 installed units. */
export async function loadDemoData(
  tx: Transaction,
  adminId: number,
  today = new Date(),
  /** Where the demo inspections' photos and signatures go (none: URLs without files). */
  storage?: FileStorage,
): Promise<void> {
  const random = mulberry32(20_251_121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  const clientRows = await tx
    .insert(users)
    .values(
      CLIENTS.map((c, i) =>
        withFields(c, { userType: 'client' as const, phone: `+9198200${String(10_001 + i)}` }),
      ),
    )
    .returning({ id: users.id });
  await tx.insert(users).values(
    INSPECTORS.map((inspector, i) =>
      withFields(inspector, {
        userType: 'inspector' as const,
        email: `${inspector.firstName}.${inspector.lastName}@inspecta.local`.toLowerCase(),
        phone: `+9198300${String(20_001 + i)}`,
      }),
    ),
  );
  await tx.insert(users).values(ADMINS.map((a) => withFields(a, { userType: 'admin' as const })));

  const typeRows = await tx
    .insert(equipmentTypes)
    .values(
      EQUIPMENT_TYPES.map((t) => ({
        name: t.name,
        category: t.category,
        manufacturer: t.manufacturer,
        model: t.model,
        inspectionIntervalDays: t.interval,
        description: `${t.category}: ${t.name}. Inspected every ${t.interval} days.`,
      })),
    )
    .returning({
      id: equipmentTypes.id,
      name: equipmentTypes.name,
      interval: equipmentTypes.inspectionIntervalDays,
    });

  const siteValues = Array.from({ length: 20 }, (_, i) => {
    const loc = LOCATIONS[i % LOCATIONS.length]!;
    const client = CLIENTS[i % CLIENTS.length]!;
    const kind = SITE_KINDS[(i * 3) % SITE_KINDS.length]!;
    const status = i === 18 ? ('draft' as const) : i === 19 ? ('inactive' as const) : ('active' as const);
    return {
      siteCode: `ST-${String(i + 1).padStart(6, '0')}`,
      name: `${loc.area} ${kind}${i >= LOCATIONS.length ? ' II' : ''}`,
      clientId: clientRows[i % clientRows.length]!.id,
      addressLine1: `${10 + i * 7}, ${loc.area}`,
      city: loc.city,
      district: loc.district,
      state: loc.state,
      pincode: loc.pincode,
      latitude: loc.lat,
      longitude: loc.lng,
      contactName: `${pick(['Sanjay', 'Deepa', 'Imran', 'Pooja', 'Karthik', 'Ritu'])} ${pick(['Shah', 'Menon', 'Khan', 'Gupta', 'Reddy', 'Das'])}`,
      contactPhone: `+9199000${String(30_001 + i)}`,
      contactEmail: `facilities.${i + 1}@${client.email.split('@')[1]}`,
      // Larger sites list who else to call: the security desk and a maintenance lead.
      otherContacts:
        i % 3 === 0
          ? [
              withFields(SECURITY_DESK, { phone: `+9122400${String(40_001 + i)}` }),
              {
                name: `${['Ganesh', 'Farah', 'Mohan', 'Sneha'][i % 4]} ${['Kulkarni', 'Ali', 'Pillai', 'Bose'][i % 4]}`,
                role: 'Maintenance lead',
                phone: `+9199100${String(50_001 + i)}`,
                email: `maintenance.${i + 1}@${client.email.split('@')[1]}`,
              },
            ]
          : [],
      notes:
        i % 4 === 1
          ? 'Entry through the service gate; inspectors sign in at the security desk with photo ID.'
          : i % 4 === 3
            ? 'Work permits are needed for roof and plant-room access. Weekend visits by appointment only.'
            : null,
      status,
      createdBy: adminId,
    };
  });
  const siteRows = await tx
    .insert(sites)
    .values(siteValues)
    .returning({ id: sites.id, status: sites.status });

  const units: Array<typeof equipment.$inferInsert> = [];
  for (const site of siteRows) {
    if (site.status === 'draft') continue;
    const count = 14 + Math.floor(random() * 18);
    for (let n = 0; n < count; n++) {
      const typeIndex = Math.floor(random() * typeRows.length);
      const type = typeRows[typeIndex]!;
      const spec = EQUIPMENT_TYPES[typeIndex]!;
      const olderInstall = new Date(today.getTime() - (200 + Math.floor(random() * 1500)) * DAY);
      const inspected = random() < 0.8;
      // Units never inspected here are recent installations (some of them already due).
      const installedOn = inspected
        ? olderInstall
        : new Date(today.getTime() - Math.floor(random() * type.interval * 1.15) * DAY);
      const roll = random();
      const status =
        roll < 0.05
          ? ('out_of_service' as const)
          : roll < 0.08
            ? ('retired' as const)
            : ('in_service' as const);
      const lastInspectedAt = inspected
        ? new Date(today.getTime() - Math.floor(random() * type.interval * 1.3) * DAY)
        : null;
      units.push({
        siteId: site.id,
        equipmentTypeId: type.id,
        assetTag: `${spec.prefix}-${String(site.id).padStart(3, '0')}-${String(n + 1).padStart(3, '0')}`,
        serialNumber: `${spec.model.replace(/[^A-Z0-9]/gi, '').toUpperCase()}-${Math.floor(100_000 + random() * 899_999)}`,
        name: `${type.name.split(',')[0]} ${n + 1}`,
        location: pick(SPOTS),
        installedOn: isoDate(installedOn),
        lastInspectedAt,
        nextDueOn: computeNextDueOn({
          status,
          lastInspectedAt,
          installedOn: isoDate(installedOn),
          createdAt: today,
          inspectionIntervalDays: type.interval,
        }),
        status,
        isCritical: spec.category === 'Fire protection' && random() < 0.3,
      });
    }
  }
  await tx.insert(equipment).values(units);

  await tx.insert(sites).values(
    NEW_SITES.map((site, i) => {
      const client = CLIENTS[(i + 2) % CLIENTS.length]!;
      const complete = site.status !== 'draft';
      return {
        siteCode: `ST-${String(siteRows.length + i + 1).padStart(6, '0')}`,
        name: site.name,
        clientId: clientRows[(i + 2) % clientRows.length]!.id,
        addressLine1: site.addressLine1,
        addressLine2: site.addressLine2,
        city: site.city,
        district: site.district,
        state: site.state,
        pincode: site.pincode,
        latitude: site.lat,
        longitude: site.lng,
        contactName: complete
          ? ['Harish Sharma', 'Anita Thomas', 'Gurpreet Gill', 'Alok Srivastava'][i % 4]!
          : null,
        contactPhone: complete ? `+9199000${String(30_101 + i)}` : null,
        contactEmail: complete ? `facilities.new${i + 1}@${client.email.split('@')[1]}` : null,
        status: site.status,
        createdBy: adminId,
      };
    }),
  );
  // Generated codes continue after the demo's ST-000001…
  await tx.execute(sql`select setval('site_code_seq', ${siteRows.length + NEW_SITES.length})`);
  await loadDemoTemplates(tx, adminId, today);
  await loadDemoUsers(tx, today);
  await loadDemoAssignments(tx, adminId, today);
  await loadDemoInspections(tx, adminId, today, mulberry32(20_251_123), storage);
  await loadDemoOrganisation(tx, today);
  await loadDemoShop(tx, adminId, today, mulberry32(20_261_126));
  await loadDemoMaintenance(tx, adminId, today);
}
