import type { Transaction } from '../db/database.js';
import { appSettings } from '../db/schema.js';

/**
 * The demo company's seller details (Settings → Organisation), so the demo's bills are complete:
 * a Maharashtra address and a GSTIN whose state code (27) and check character are right. The name,
 * time zone and date format keep their defaults; an administrator changes any of it in Settings.
 */
const DEMO_ORGANISATION = {
  gstin: '27AADCI4512K1ZL',
  addressLine1: 'Unit 12, Lodha Supremus, Saki Vihar Road',
  addressLine2: 'Powai',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400072',
  phone: '+912240012345',
  email: 'accounts@inspecta.local',
};

export async function loadDemoOrganisation(tx: Transaction, now: Date): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ key: 'organisation', value: DEMO_ORGANISATION, updatedAt: now })
    .onConflictDoNothing({ target: appSettings.key });
}
