import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../core/security/password-hasher.js';
import { withFields } from '../core/with-fields.js';
import type { Transaction } from '../db/database.js';
import { userInvitations, users } from '../db/schema.js';

const DAY = 86_400_000;

interface DemoPerson {
  firstName: string;
  lastName: string;
  /** Days ago the account was created. */
  joined: number;
  /** Days ago of the last sign-in; null = never. */
  lastSeen: number | null;
  status?: 'active' | 'inactive';
}

const ADMINS: Array<DemoPerson & { email: string }> = [
  {
    firstName: 'Sneha',
    lastName: 'Kulkarni',
    email: 'sneha.kulkarni@inspecta.local',
    joined: 410,
    lastSeen: 1,
  },
  {
    firstName: 'Imran',
    lastName: 'Sheikh',
    email: 'imran.sheikh@inspecta.local',
    joined: 380,
    lastSeen: 96,
    status: 'inactive',
  },
  { firstName: 'Divya', lastName: 'Menon', email: 'divya.menon@inspecta.local', joined: 35, lastSeen: 3 },
];

const INSPECTORS: Array<DemoPerson & { licenceNumber: string }> = [
  { firstName: 'Rajesh', lastName: 'Kumar', licenceNumber: 'FSL-DL-40218', joined: 520, lastSeen: 0 },
  { firstName: 'Pooja', lastName: 'Sharma', licenceNumber: 'FSL-MH-23904', joined: 470, lastSeen: 2 },
  { firstName: 'Karthik', lastName: 'Subramanian', licenceNumber: 'LFT-TN-6120', joined: 455, lastSeen: 1 },
  { firstName: 'Harpreet', lastName: 'Gill', licenceNumber: 'PV-PB-3307', joined: 430, lastSeen: 6 },
  { firstName: 'Sunita', lastName: 'Yadav', licenceNumber: 'FSL-UP-15573', joined: 300, lastSeen: 4 },
  { firstName: 'Arvind', lastName: 'Reddy', licenceNumber: 'FSL-TS-12046', joined: 260, lastSeen: 0 },
  {
    firstName: 'Nikhil',
    lastName: 'Bose',
    licenceNumber: 'FSL-WB-8812',
    joined: 240,
    lastSeen: 58,
    status: 'inactive',
  },
  { firstName: 'Ritu', lastName: 'Agarwal', licenceNumber: 'HV-RJ-2045', joined: 190, lastSeen: 9 },
  { firstName: 'Sameer', lastName: 'Deshpande', licenceNumber: 'LFT-MH-5874', joined: 120, lastSeen: 1 },
  { firstName: 'Ayesha', lastName: 'Khan', licenceNumber: 'FSL-KA-20117', joined: 60, lastSeen: 5 },
  { firstName: 'Manoj', lastName: 'Pillai', licenceNumber: 'PV-KL-4410', joined: 21, lastSeen: null },
];

const CLIENTS: Array<DemoPerson & { company: string; domain: string }> = [
  {
    firstName: 'Vivek',
    lastName: 'Malhotra',
    company: 'Malhotra Infra Projects',
    domain: 'malhotrainfra.in',
    joined: 500,
    lastSeen: null,
  },
  {
    firstName: 'Ananya',
    lastName: 'Banerjee',
    company: 'Eastern Cold Chain Pvt Ltd',
    domain: 'easterncoldchain.in',
    joined: 480,
    lastSeen: null,
  },
  {
    firstName: 'Siddharth',
    lastName: 'Jain',
    company: 'Jain Textiles Ltd',
    domain: 'jaintextiles.in',
    joined: 420,
    lastSeen: null,
  },
  {
    firstName: 'Fatima',
    lastName: 'Sayed',
    company: 'Crescent Schools Trust',
    domain: 'crescentschools.org',
    joined: 350,
    lastSeen: null,
  },
  {
    firstName: 'Gaurav',
    lastName: 'Chopra',
    company: 'Chopra Hotels & Resorts',
    domain: 'choprahotels.in',
    joined: 310,
    lastSeen: null,
  },
  {
    firstName: 'Lavanya',
    lastName: 'Krishnan',
    company: 'Southern Star Multiplex',
    domain: 'southernstar.in',
    joined: 280,
    lastSeen: null,
  },
  {
    firstName: 'Aditya',
    lastName: 'Bhatt',
    company: 'Bhatt Auto Components',
    domain: 'bhattauto.in',
    joined: 200,
    lastSeen: null,
    status: 'inactive',
  },
  {
    firstName: 'Shalini',
    lastName: 'Verghese',
    company: 'Kerala Spice Exporters',
    domain: 'keralaspice.in',
    joined: 150,
    lastSeen: null,
  },
  {
    firstName: 'Tarun',
    lastName: 'Saxena',
    company: 'Saxena Data Centres',
    domain: 'saxenadc.in',
    joined: 90,
    lastSeen: null,
  },
  {
    firstName: 'Deepika',
    lastName: 'Rao',
    company: 'Lotus Diagnostics',
    domain: 'lotusdiagnostics.in',
    joined: 14,
    lastSeen: null,
  },
];

/** The people demo-data.ts creates for its sites, given a history: when they joined, last signed in. */
const HISTORY: Record<string, Pick<DemoPerson, 'joined' | 'lastSeen'>> = {
  'rahul.verma@inspecta.local': { joined: 640, lastSeen: 0 },
  'vikram.singh@inspecta.local': { joined: 610, lastSeen: 0 },
  'anjali.nair@inspecta.local': { joined: 590, lastSeen: 1 },
  'suresh.patil@inspecta.local': { joined: 560, lastSeen: 3 },
  'meera.joshi@inspecta.local': { joined: 540, lastSeen: 2 },
  'farhan.qureshi@inspecta.local': { joined: 400, lastSeen: 12 },
  'lakshmi.rao@inspecta.local': { joined: 330, lastSeen: 1 },
  'priya.raman@ramanrealty.in': { joined: 600, lastSeen: null },
  'arjun@mehtalogistics.in': { joined: 575, lastSeen: null },
  'kavya.iyer@sunrisehospitals.in': { joined: 530, lastSeen: null },
  'rohan.kapoor@kapoormalls.in': { joined: 445, lastSeen: null },
  'neha.desai@desaipharma.in': { joined: 390, lastSeen: null },
};

/** Invitations waiting for an answer (days since sent), so the screen shows every sign-in state. */
const OPEN_INVITATIONS: Record<string, number> = {
  'manoj.pillai@inspecta.local': 2,
  'deepika.rao@lotusdiagnostics.in': 1,
  'tarun.saxena@saxenadc.in': 9,
};

/**
 * The rest of the demo company's people, beside those demo-data.ts creates for its sites: office
 * staff, a field team spread over the country (one who left), and more clients, with a history of
 * when they joined and last signed in. Staff who have signed in have a password nobody is told (a
 * random one); the others have none yet, and a few have an invitation waiting. An administrator
 * sends any of them a new invitation from the user screen to get a working link.
 */
export async function loadDemoUsers(tx: Transaction, today = new Date()): Promise<void> {
  const at = (daysAgo: number | null, hour: number) =>
    daysAgo === null ? null : new Date(today.getTime() - daysAgo * DAY - hour * 3_600_000);
  const common = (p: DemoPerson, index: number) => ({
    firstName: p.firstName,
    lastName: p.lastName,
    status: p.status ?? ('active' as const),
    createdAt: at(p.joined, 10)!,
    updatedAt: at(Math.min(p.joined, p.lastSeen ?? p.joined), 9)!,
    lastLoginAt: at(p.lastSeen, 2 + (index % 7)),
    passwordHash: p.lastSeen === null ? null : unknownPasswordHash,
  });

  const unknownPasswordHash = await hashPassword(randomBytes(24).toString('base64url'));
  for (const [email, history] of Object.entries(HISTORY)) {
    await tx
      .update(users)
      .set({
        createdAt: at(history.joined, 10)!,
        updatedAt: at(history.joined, 10)!,
        lastLoginAt: at(history.lastSeen, 4),
        passwordHash: history.lastSeen === null ? null : unknownPasswordHash,
      })
      .where(eq(users.email, email));
  }

  await tx.insert(users).values([
    ...ADMINS.map((p, i) =>
      withFields(common(p, i), {
        userType: 'admin' as const,
        email: p.email,
        phone: `+9198400${String(30_001 + i)}`,
      }),
    ),
    ...INSPECTORS.map((p, i) =>
      withFields(common(p, i), {
        userType: 'inspector' as const,
        email: `${p.firstName}.${p.lastName}@inspecta.local`.toLowerCase(),
        phone: `+9198500${String(40_001 + i)}`,
        employeeCode: `INS-${String(107 + i)}`,
        licenceNumber: p.licenceNumber,
      }),
    ),
    ...CLIENTS.map((p, i) =>
      withFields(common(p, i), {
        userType: 'client' as const,
        email: `${p.firstName}.${p.lastName}@${p.domain}`.toLowerCase(),
        phone: `+9198600${String(50_001 + i)}`,
        company: p.company,
      }),
    ),
  ]);

  const invited = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(OPEN_INVITATIONS)));
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, ADMINS[0]!.email));
  if (invited.length) {
    await tx.insert(userInvitations).values(
      invited.map((user) => {
        const sentDaysAgo = OPEN_INVITATIONS[user.email]!;
        return {
          userId: user.id,
          // Nobody holds this token: a working link comes from "Send a new invitation".
          tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
          createdBy: admin?.id ?? null,
          createdAt: at(sentDaysAgo, 6)!,
          expiresAt: new Date(at(sentDaysAgo, 6)!.getTime() + 7 * DAY),
        };
      }),
    );
  }
}
