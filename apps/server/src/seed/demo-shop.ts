import { eq } from 'drizzle-orm';
import { withFields } from '../core/with-fields.js';
import type { Transaction } from '../db/database.js';
import {
  equipmentTypes,
  shopCategories,
  shopProductEquipmentTypes,
  shopProducts,
  shopStockMovements,
} from '../db/schema.js';

/*
 * The demo shop (issue 17): what an inspection company sells alongside its inspections, in 12
 * categories of two levels, with Indian HSN codes and GST rates, stock, and six months of ledger
 * history. Deterministic (the caller's seeded random), so every fresh machine shows the same shop.
 */

type Unit = 'piece' | 'kg' | 'litre' | 'set';

interface DemoProduct {
  sku: string;
  name: string;
  unit: Unit;
  /** Price of one unit in rupees (before GST). */
  price: number;
  hsn: string;
  gst: 0 | 5 | 12 | 18 | 28;
  reorder: number;
  /** Equipment type names it fits (demo catalogue). */
  fits?: string[];
  description?: string;
}

/** Top-level categories hold products of their own, subcategories, or both. */
const CATEGORY_TREE: Array<{
  name: string;
  products?: DemoProduct[];
  children?: Array<{ name: string; products: DemoProduct[] }>;
}> = [
  {
    name: 'Fire extinguishers',
    children: [
      {
        name: 'Refills',
        products: [
          {
            sku: 'RF-ABC-1',
            name: 'ABC dry powder refill, 1 kg',
            unit: 'kg',
            price: 180,
            hsn: '38130000',
            gst: 18,
            reorder: 40,
            fits: ['Fire extinguisher, ABC powder 6 kg'],
          },
          {
            sku: 'RF-ABC-25',
            name: 'ABC dry powder (MAP 40%), 25 kg bag',
            unit: 'set',
            price: 3950,
            hsn: '38130000',
            gst: 18,
            reorder: 6,
            fits: ['Fire extinguisher, ABC powder 6 kg'],
          },
          {
            sku: 'RF-MAP90-25',
            name: 'ABC dry powder (MAP 90%), 25 kg bag',
            unit: 'set',
            price: 6400,
            hsn: '38130000',
            gst: 18,
            reorder: 4,
            fits: ['Fire extinguisher, ABC powder 6 kg'],
          },
          {
            sku: 'RF-BC-25',
            name: 'BC dry powder (sodium bicarbonate), 25 kg bag',
            unit: 'set',
            price: 2650,
            hsn: '38130000',
            gst: 18,
            reorder: 4,
          },
          {
            sku: 'RF-CO2-KG',
            name: 'CO2 refill gas, per kg',
            unit: 'kg',
            price: 95,
            hsn: '28112100',
            gst: 18,
            reorder: 60,
            fits: ['Fire extinguisher, CO2 4.5 kg'],
          },
          {
            sku: 'RF-AFFF-3',
            name: 'AFFF foam concentrate 3%, 20 L can',
            unit: 'litre',
            price: 310,
            hsn: '38130000',
            gst: 18,
            reorder: 40,
          },
          {
            sku: 'RF-AFFF-6',
            name: 'AFFF foam concentrate 6%, 20 L can',
            unit: 'litre',
            price: 260,
            hsn: '38130000',
            gst: 18,
            reorder: 40,
          },
          {
            sku: 'RF-WM-9',
            name: 'Water mist refill cartridge, 9 L',
            unit: 'piece',
            price: 540,
            hsn: '38130000',
            gst: 18,
            reorder: 10,
          },
          {
            sku: 'RF-K-6',
            name: 'Wet chemical (Class K) refill, 6 L',
            unit: 'litre',
            price: 420,
            hsn: '38130000',
            gst: 18,
            reorder: 12,
          },
          {
            sku: 'RF-CART-60',
            name: 'CO2 cartridge 60 g (for cartridge-type units)',
            unit: 'piece',
            price: 145,
            hsn: '84249000',
            gst: 18,
            reorder: 30,
          },
        ],
      },
      {
        name: 'Spare parts',
        products: [
          {
            sku: 'SP-VLV-ABC',
            name: 'Discharge valve assembly, stored-pressure ABC',
            unit: 'piece',
            price: 640,
            hsn: '84818049',
            gst: 18,
            reorder: 10,
            fits: ['Fire extinguisher, ABC powder 6 kg'],
          },
          {
            sku: 'SP-VLV-CO2',
            name: 'Squeeze-grip valve for CO2 4.5 kg',
            unit: 'piece',
            price: 1450,
            hsn: '84818049',
            gst: 18,
            reorder: 6,
            fits: ['Fire extinguisher, CO2 4.5 kg'],
          },
          {
            sku: 'SP-GAUGE-15',
            name: 'Pressure gauge 0–25 bar, 15 mm dial',
            unit: 'piece',
            price: 165,
            hsn: '90262000',
            gst: 18,
            reorder: 25,
          },
          {
            sku: 'SP-PIN-SEAL',
            name: 'Safety pin with tamper seal (pack of 50)',
            unit: 'set',
            price: 350,
            hsn: '73269099',
            gst: 18,
            reorder: 8,
          },
          {
            sku: 'SP-HOSE-ABC',
            name: 'Discharge hose with nozzle, 6 kg ABC',
            unit: 'piece',
            price: 220,
            hsn: '40093100',
            gst: 18,
            reorder: 15,
          },
          {
            sku: 'SP-HORN-CO2',
            name: 'CO2 discharge horn with hose, 4.5 kg',
            unit: 'piece',
            price: 780,
            hsn: '84249000',
            gst: 18,
            reorder: 6,
          },
          {
            sku: 'SP-ORING-KIT',
            name: 'O-ring assortment for extinguisher valves',
            unit: 'set',
            price: 480,
            hsn: '40169330',
            gst: 18,
            reorder: 5,
          },
          {
            sku: 'SP-SIPHON',
            name: 'Siphon tube, 6 kg stored pressure',
            unit: 'piece',
            price: 95,
            hsn: '39172390',
            gst: 18,
            reorder: 20,
          },
          {
            sku: 'SP-BRACKET-W',
            name: 'Wall bracket, 4–9 kg extinguishers',
            unit: 'piece',
            price: 120,
            hsn: '73269099',
            gst: 18,
            reorder: 20,
          },
          {
            sku: 'SP-STAND-2',
            name: 'Twin extinguisher floor stand, powder-coated',
            unit: 'piece',
            price: 1350,
            hsn: '94032090',
            gst: 18,
            reorder: 4,
          },
        ],
      },
      {
        name: 'New extinguishers',
        products: [
          {
            sku: 'EX-ABC-4',
            name: 'ABC powder extinguisher 4 kg, ISI',
            unit: 'piece',
            price: 1850,
            hsn: '84241000',
            gst: 18,
            reorder: 6,
          },
          {
            sku: 'EX-ABC-6',
            name: 'ABC powder extinguisher 6 kg, ISI',
            unit: 'piece',
            price: 2350,
            hsn: '84241000',
            gst: 18,
            reorder: 8,
            fits: ['Fire extinguisher, ABC powder 6 kg'],
          },
          {
            sku: 'EX-CO2-45',
            name: 'CO2 extinguisher 4.5 kg, ISI',
            unit: 'piece',
            price: 6900,
            hsn: '84241000',
            gst: 18,
            reorder: 4,
            fits: ['Fire extinguisher, CO2 4.5 kg'],
          },
          {
            sku: 'EX-FOAM-9',
            name: 'Mechanical foam extinguisher 9 L',
            unit: 'piece',
            price: 3100,
            hsn: '84241000',
            gst: 18,
            reorder: 3,
          },
          {
            sku: 'EX-CAR-1',
            name: 'Car extinguisher ABC 1 kg with bracket',
            unit: 'piece',
            price: 650,
            hsn: '84241000',
            gst: 18,
            reorder: 10,
          },
          {
            sku: 'EX-MOD-10',
            name: 'Modular ceiling-mount ABC 10 kg, automatic',
            unit: 'piece',
            price: 4800,
            hsn: '84241000',
            gst: 18,
            reorder: 2,
          },
        ],
      },
    ],
  },
  {
    name: 'Hoses and nozzles',
    children: [
      {
        name: 'Hoses',
        products: [
          {
            sku: 'HS-RRL-63-15',
            name: 'RRL hose 63 mm × 15 m, Type A',
            unit: 'piece',
            price: 3200,
            hsn: '59090010',
            gst: 12,
            reorder: 6,
            fits: ['Fire hydrant (internal)'],
          },
          {
            sku: 'HS-RRL-63-30',
            name: 'RRL hose 63 mm × 30 m, Type A',
            unit: 'piece',
            price: 5900,
            hsn: '59090010',
            gst: 12,
            reorder: 4,
            fits: ['Fire hydrant (internal)'],
          },
          {
            sku: 'HS-CP-63-15',
            name: 'Controlled-percolation hose 63 mm × 15 m',
            unit: 'piece',
            price: 4100,
            hsn: '59090010',
            gst: 12,
            reorder: 3,
          },
          {
            sku: 'HS-REEL-19-30',
            name: 'Hose-reel hose 19 mm × 30 m, thermoplastic',
            unit: 'piece',
            price: 2750,
            hsn: '39173100',
            gst: 18,
            reorder: 4,
            fits: ['Fire hose reel'],
          },
          {
            sku: 'HS-REEL-25-30',
            name: 'Hose-reel hose 25 mm × 30 m, rubber',
            unit: 'piece',
            price: 3650,
            hsn: '40092100',
            gst: 18,
            reorder: 4,
            fits: ['Fire hose reel'],
          },
          {
            sku: 'HS-BINDING',
            name: 'Hose binding wire and clamp set',
            unit: 'set',
            price: 260,
            hsn: '73269099',
            gst: 18,
            reorder: 10,
          },
        ],
      },
      {
        name: 'Nozzles, couplings and valves',
        products: [
          {
            sku: 'NZ-BP-63',
            name: 'Short branch pipe 63 mm, gunmetal',
            unit: 'piece',
            price: 1650,
            hsn: '84249000',
            gst: 18,
            reorder: 6,
            fits: ['Fire hydrant (internal)'],
          },
          {
            sku: 'NZ-BP-SS',
            name: 'Branch pipe 63 mm, stainless steel',
            unit: 'piece',
            price: 2450,
            hsn: '84249000',
            gst: 18,
            reorder: 4,
          },
          {
            sku: 'NZ-FOG-63',
            name: 'Fog nozzle, triple purpose 63 mm',
            unit: 'piece',
            price: 5200,
            hsn: '84249000',
            gst: 18,
            reorder: 3,
          },
          {
            sku: 'NZ-REEL-SHUT',
            name: 'Shut-off nozzle for hose reel, 19/25 mm',
            unit: 'piece',
            price: 540,
            hsn: '84249000',
            gst: 18,
            reorder: 8,
            fits: ['Fire hose reel'],
          },
          {
            sku: 'NZ-SPR-68',
            name: 'Sprinkler head, pendent 68 °C, K80',
            unit: 'piece',
            price: 185,
            hsn: '84249000',
            gst: 18,
            reorder: 50,
            fits: ['Sprinkler system zone'],
          },
          {
            sku: 'NZ-SPR-79',
            name: 'Sprinkler head, upright 79 °C, K80',
            unit: 'piece',
            price: 195,
            hsn: '84249000',
            gst: 18,
            reorder: 50,
            fits: ['Sprinkler system zone'],
          },
          {
            sku: 'CV-COUP-63M',
            name: 'Instantaneous male coupling 63 mm, gunmetal',
            unit: 'piece',
            price: 720,
            hsn: '74122019',
            gst: 18,
            reorder: 8,
          },
          {
            sku: 'CV-COUP-63F',
            name: 'Instantaneous female coupling 63 mm, gunmetal',
            unit: 'piece',
            price: 860,
            hsn: '74122019',
            gst: 18,
            reorder: 8,
          },
          {
            sku: 'CV-LV-63',
            name: 'Landing valve 63 mm, single headed, ISI',
            unit: 'piece',
            price: 3900,
            hsn: '84818049',
            gst: 18,
            reorder: 3,
            fits: ['Fire hydrant (internal)'],
          },
          {
            sku: 'CV-BALL-25',
            name: 'Ball valve 25 mm for hose reel',
            unit: 'piece',
            price: 480,
            hsn: '84818030',
            gst: 18,
            reorder: 6,
            fits: ['Fire hose reel'],
          },
          {
            sku: 'CV-CAP-63',
            name: 'Blank cap with chain, 63 mm',
            unit: 'piece',
            price: 240,
            hsn: '74122019',
            gst: 18,
            reorder: 10,
          },
        ],
      },
    ],
  },
  {
    name: 'Signage',
    products: [
      {
        sku: 'SG-EXT-PL',
        name: 'Fire extinguisher sign, photoluminescent, 200 × 300 mm',
        unit: 'piece',
        price: 145,
        hsn: '39269099',
        gst: 18,
        reorder: 40,
      },
      {
        sku: 'SG-HYD-PL',
        name: 'Fire hydrant sign, photoluminescent, 200 × 300 mm',
        unit: 'piece',
        price: 145,
        hsn: '39269099',
        gst: 18,
        reorder: 20,
      },
      {
        sku: 'SG-ALARM-PL',
        name: 'Fire alarm call point sign, photoluminescent',
        unit: 'piece',
        price: 120,
        hsn: '39269099',
        gst: 18,
        reorder: 20,
      },
      {
        sku: 'SG-NOSMOKE',
        name: 'No smoking sign, acrylic, bilingual',
        unit: 'piece',
        price: 110,
        hsn: '39269099',
        gst: 18,
        reorder: 20,
      },
      {
        sku: 'SG-INSTR-ABC',
        name: 'Extinguisher operating instructions (PASS), bilingual',
        unit: 'piece',
        price: 65,
        hsn: '49119990',
        gst: 12,
        reorder: 40,
      },
      {
        sku: 'SG-EXIT-L',
        name: 'Exit sign with arrow left, photoluminescent',
        unit: 'piece',
        price: 160,
        hsn: '39269099',
        gst: 18,
        reorder: 20,
      },
      {
        sku: 'SG-EXIT-R',
        name: 'Exit sign with arrow right, photoluminescent',
        unit: 'piece',
        price: 160,
        hsn: '39269099',
        gst: 18,
        reorder: 20,
      },
      {
        sku: 'SG-ASSEMBLY',
        name: 'Assembly point sign, aluminium, 600 × 450 mm',
        unit: 'piece',
        price: 950,
        hsn: '76169990',
        gst: 18,
        reorder: 4,
      },
      {
        sku: 'SG-EVAC-MAP',
        name: 'Evacuation plan, printed and laminated A3',
        unit: 'piece',
        price: 450,
        hsn: '49119990',
        gst: 12,
        reorder: 5,
      },
      {
        sku: 'SG-FLOOR-TAPE',
        name: 'Photoluminescent floor marking tape, 50 mm × 10 m',
        unit: 'piece',
        price: 1200,
        hsn: '39199090',
        gst: 18,
        reorder: 6,
      },
    ],
  },
  {
    name: 'Detection and emergency lighting',
    products: [
      {
        sku: 'DT-SMOKE-OPT',
        name: 'Optical smoke detector, conventional',
        unit: 'piece',
        price: 690,
        hsn: '85311020',
        gst: 18,
        reorder: 20,
        fits: ['Smoke detector'],
      },
      {
        sku: 'DT-HEAT-ROR',
        name: 'Heat detector, rate of rise',
        unit: 'piece',
        price: 620,
        hsn: '85311020',
        gst: 18,
        reorder: 10,
      },
      {
        sku: 'DT-BASE',
        name: 'Detector base, conventional',
        unit: 'piece',
        price: 140,
        hsn: '85319000',
        gst: 18,
        reorder: 20,
        fits: ['Smoke detector'],
      },
      {
        sku: 'DT-MCP',
        name: 'Manual call point, resettable',
        unit: 'piece',
        price: 780,
        hsn: '85311020',
        gst: 18,
        reorder: 6,
        fits: ['Fire alarm control panel'],
      },
      {
        sku: 'DT-SOUNDER',
        name: 'Hooter with strobe, 24 V DC',
        unit: 'piece',
        price: 950,
        hsn: '85318000',
        gst: 18,
        reorder: 6,
        fits: ['Fire alarm control panel'],
      },
      {
        sku: 'DT-BAT-12-7',
        name: 'Sealed lead-acid battery 12 V 7 Ah (panel standby)',
        unit: 'piece',
        price: 1150,
        hsn: '85072000',
        gst: 18,
        reorder: 8,
        fits: ['Fire alarm control panel'],
      },
      {
        sku: 'DT-TEST-SPRAY',
        name: 'Smoke detector test aerosol, 250 ml',
        unit: 'piece',
        price: 890,
        hsn: '38249900',
        gst: 18,
        reorder: 6,
      },
      {
        sku: 'EL-LED-3H',
        name: 'Emergency LED light, 3 h backup',
        unit: 'piece',
        price: 1450,
        hsn: '94054090',
        gst: 18,
        reorder: 6,
        fits: ['Emergency lighting unit'],
      },
      {
        sku: 'EL-BAT-NICD',
        name: 'Ni-Cd battery pack 3.6 V for emergency lights',
        unit: 'piece',
        price: 520,
        hsn: '85073000',
        gst: 18,
        reorder: 12,
        fits: ['Emergency lighting unit'],
      },
      {
        sku: 'EL-EXIT-LED',
        name: 'Illuminated exit sign, LED, double sided',
        unit: 'piece',
        price: 2300,
        hsn: '94056090',
        gst: 18,
        reorder: 3,
      },
    ],
  },
  {
    name: 'Service and safety supplies',
    children: [
      {
        name: 'Service kits',
        products: [
          {
            sku: 'KIT-EXT-AMC',
            name: 'Extinguisher AMC service kit (seals, pins, tags, labels)',
            unit: 'set',
            price: 1850,
            hsn: '84249000',
            gst: 18,
            reorder: 5,
            description: 'Everything one technician needs for a 40-unit AMC visit.',
          },
          {
            sku: 'KIT-HYD-AMC',
            name: 'Hydrant AMC kit (gaskets, grease, couplings)',
            unit: 'set',
            price: 2600,
            hsn: '84819090',
            gst: 18,
            reorder: 3,
          },
          {
            sku: 'KIT-HPT',
            name: 'Hydraulic pressure test adaptor set',
            unit: 'set',
            price: 7400,
            hsn: '90262000',
            gst: 18,
            reorder: 1,
          },
          {
            sku: 'KIT-LIFT-LUBE',
            name: 'Lift guide-rail lubricant, 5 L',
            unit: 'litre',
            price: 240,
            hsn: '27101980',
            gst: 18,
            reorder: 10,
            fits: ['Passenger lift', 'Goods lift'],
          },
          {
            sku: 'KIT-DG-FILTER',
            name: 'Fuel filter element, fire pump diesel engine',
            unit: 'piece',
            price: 890,
            hsn: '84212300',
            gst: 18,
            reorder: 4,
          },
          {
            sku: 'KIT-DG-INJECT',
            name: 'Fuel injector, fire pump diesel engine',
            unit: 'piece',
            price: 6800,
            hsn: '84099990',
            gst: 28,
            reorder: 2,
          },
        ],
      },
      {
        name: 'Consumables',
        products: [
          {
            sku: 'CN-TAG-100',
            name: 'Inspection tags, tear-proof (pack of 100)',
            unit: 'set',
            price: 420,
            hsn: '48211020',
            gst: 18,
            reorder: 10,
          },
          {
            sku: 'CN-LABEL-REF',
            name: 'Refill date labels, self-adhesive (roll of 500)',
            unit: 'set',
            price: 380,
            hsn: '48211020',
            gst: 18,
            reorder: 6,
          },
          {
            sku: 'CN-SAND-50',
            name: 'Dry river sand for fire buckets, 50 kg',
            unit: 'kg',
            price: 6,
            hsn: '25059000',
            gst: 5,
            reorder: 200,
          },
          {
            sku: 'CN-BUCKET',
            name: 'Fire bucket, 9 L, red with stand hook',
            unit: 'piece',
            price: 260,
            hsn: '73102990',
            gst: 18,
            reorder: 10,
          },
          {
            sku: 'CN-BLANKET',
            name: 'Fire blanket 1.2 × 1.8 m, glass fibre',
            unit: 'piece',
            price: 950,
            hsn: '70199090',
            gst: 18,
            reorder: 6,
          },
          {
            sku: 'CN-HANDBOOK',
            name: 'Fire safety handbook for wardens (printed book)',
            unit: 'piece',
            price: 250,
            hsn: '49011020',
            gst: 0,
            reorder: 10,
          },
          {
            sku: 'CN-GLOVES',
            name: 'Heat-resistant gloves, pair',
            unit: 'set',
            price: 340,
            hsn: '61161000',
            gst: 12,
            reorder: 10,
          },
          {
            sku: 'CN-HELMET',
            name: 'Safety helmet with chin strap, ISI',
            unit: 'piece',
            price: 280,
            hsn: '65061090',
            gst: 18,
            reorder: 10,
          },
          {
            sku: 'CN-FIRSTAID',
            name: 'First-aid kit, 50 person',
            unit: 'set',
            price: 1650,
            hsn: '30065000',
            gst: 12,
            reorder: 4,
          },
        ],
      },
    ],
  },
];

const SUPPLIERS = [
  'Ceasefire Industries',
  'Minimax India',
  'Safex Fire',
  'Newage Fire Protection',
  'Kanex Fire',
];
const JOBS = [
  'Lakeview Tower',
  'Kakkanad Data Centre',
  'Gomti Nagar Hospital',
  'Vijay Nagar Mall',
  'Peelamedu Corporate Tower',
];
const DAY_MS = 86_400_000;

/**
 * 12 categories (5 top-level, 7 below them) and 78 products; each with a first delivery about six
 * months ago, restocking and use since, a stock-take correction now and then, and a few write-offs.
 */
export async function loadDemoShop(
  tx: Transaction,
  adminId: number,
  today: Date,
  random: () => number,
): Promise<void> {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const types = await tx.select({ id: equipmentTypes.id, name: equipmentTypes.name }).from(equipmentTypes);
  const typeByName = new Map(types.map((t) => [t.name, t.id]));
  const start = today.getTime() - 182 * DAY_MS;

  for (const top of CATEGORY_TREE) {
    const [parent] = await tx
      .insert(shopCategories)
      .values({ name: top.name })
      .returning({ id: shopCategories.id });
    const groups = [{ categoryId: parent!.id, products: top.products ?? [] }];
    for (const child of top.children ?? []) {
      const [category] = await tx
        .insert(shopCategories)
        .values({ name: child.name, parentId: parent!.id })
        .returning({ id: shopCategories.id });
      groups.push({ categoryId: category!.id, products: child.products });
    }
    for (const { categoryId, products } of groups) {
      for (const p of products) {
        const pricePaise = Math.round(p.price * 100);
        const [row] = await tx
          .insert(shopProducts)
          .values({
            sku: p.sku,
            name: p.name,
            categoryId,
            description: p.description ?? null,
            unit: p.unit,
            pricePaise,
            hsnCode: p.hsn,
            gstRate: p.gst,
            reorderLevel: p.reorder,
            createdAt: new Date(start - 3 * DAY_MS),
          })
          .returning({ id: shopProducts.id });
        const productId = row!.id;
        const fits = (p.fits ?? []).flatMap((name) => typeByName.get(name) ?? []);
        if (fits.length) {
          await tx
            .insert(shopProductEquipmentTypes)
            .values(fits.map((equipmentTypeId) => ({ productId, equipmentTypeId })));
        }

        // The ledger, oldest first; on hand, and the weighted average cost, follow it exactly.
        let onHand = 0;
        let averageCost = 0;
        const movements: Array<typeof shopStockMovements.$inferInsert> = [];
        const costOf = () => Math.round(pricePaise * (0.55 + random() * 0.15));
        const add = (
          at: number,
          values: Omit<typeof shopStockMovements.$inferInsert, 'productId' | 'onHandBefore' | 'onHandAfter'>,
        ) => {
          const before = onHand;
          onHand += values.quantityDelta;
          if (values.kind === 'receive' && values.unitCostPaise != null && onHand > 0) {
            averageCost =
              before <= 0
                ? values.unitCostPaise
                : Math.round((before * averageCost + values.quantityDelta * values.unitCostPaise) / onHand);
          }
          movements.push(
            withFields(values, {
              productId,
              onHandBefore: before,
              onHandAfter: onHand,
              actorId: adminId,
              createdAt: new Date(at),
            }),
          );
        };
        const batch = Math.max(p.reorder * 3, 4);
        let at = start + int(0, 10) * DAY_MS;
        add(at, {
          kind: 'receive',
          quantityDelta: batch + int(0, p.reorder),
          unitCostPaise: costOf(),
          supplierReference: `PO-${2026}-${String(int(100, 999))}`,
          reason: `Opening delivery from ${SUPPLIERS[int(0, SUPPLIERS.length - 1)]}`,
        });
        while (true) {
          at += int(6, 20) * DAY_MS + int(0, 8 * 3_600_000);
          if (at > today.getTime() - 3_600_000) break;
          const roll = random();
          if (roll < 0.55 && onHand > 0) {
            const used = Math.min(onHand, int(1, Math.max(2, Math.ceil(batch / 3))));
            add(at, {
              kind: 'write_off',
              quantityDelta: -used,
              reason: `Used on AMC service visit, ${JOBS[int(0, JOBS.length - 1)]}`,
            });
          } else if (roll < 0.8 && onHand <= p.reorder * 1.5) {
            add(at, {
              kind: 'receive',
              quantityDelta: batch,
              unitCostPaise: costOf(),
              supplierReference: `PO-${2026}-${String(int(100, 999))}`,
              reason: null,
            });
          } else if (roll < 0.9 && onHand > 0) {
            const delta = random() < 0.6 ? -1 : 1;
            add(at, {
              kind: 'adjust',
              quantityDelta: delta,
              reason: delta < 0 ? 'Stock-take: one short' : 'Stock-take: one found on the shelf',
            });
          } else if (onHand > 0) {
            add(at, { kind: 'write_off', quantityDelta: -1, reason: 'Damaged in the store' });
          }
        }
        // A few products end low or out, so the inventory screen has something to show.
        if (random() < 0.12 && onHand > 0) {
          const lastAt = (movements[movements.length - 1]!.createdAt as Date).getTime();
          add(Math.max(lastAt + 3_600_000, today.getTime() - int(1, 5) * DAY_MS), {
            kind: 'write_off',
            quantityDelta: -onHand,
            reason: 'Expired: past the manufacturer\u2019s shelf life',
          });
        }
        await tx.insert(shopStockMovements).values(movements);
        await tx
          .update(shopProducts)
          .set({ onHand, averageCostPaise: averageCost })
          .where(eq(shopProducts.id, productId));
      }
    }
  }
}
