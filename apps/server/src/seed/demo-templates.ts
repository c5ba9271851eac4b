import { type TemplateContentInput, templateContentSchema } from '@inspecta/contract';
import { inArray } from 'drizzle-orm';
import type { Transaction } from '../db/database.js';
import {
  equipmentTypes,
  inspectionCategories,
  templateEquipmentTypes,
  templates,
  templateVersions,
} from '../db/schema.js';

export const DEMO_CATEGORIES = [
  {
    name: 'Routine',
    colour: '#1f5fa6',
    description: 'Scheduled monthly and quarterly visual checks carried out on every visit.',
  },
  {
    name: 'Annual certification',
    colour: '#2b8a3e',
    description: 'Yearly statutory inspection that ends in a certificate for the client and the authority.',
  },
  {
    name: 'Installation check',
    colour: '#862e9c',
    description: 'First inspection of newly installed or relocated equipment before it is put in service.',
  },
  {
    name: 'Follow-up',
    colour: '#e67700',
    description: 'Re-inspection after a failed item was repaired, to close the defect.',
  },
] as const;

const signOff = (extra: TemplateContentInput['sections'][number]['items'] = []) => ({
  key: 'sign_off',
  title: 'Sign-off',
  items: [
    ...extra,
    {
      key: 'remarks',
      label: 'Remarks for the client',
      type: 'text' as const,
      multiline: true,
      required: false,
      helpText: 'Anything the client should know or act on.',
    },
    { key: 'inspector_signature', label: 'Inspector signature', type: 'signature' as const },
  ],
});

const EXTINGUISHER_V1: TemplateContentInput = {
  sections: [
    {
      key: 'visual',
      title: 'Visual condition',
      items: [
        {
          key: 'accessible',
          label: 'Extinguisher visible, accessible and at its marked location',
          type: 'pass_fail',
        },
        {
          key: 'pressure_gauge_green',
          label: 'Pressure gauge needle in the green zone',
          type: 'pass_fail',
          helpText: 'Tap the gauge gently; a stuck needle counts as a fail.',
        },
        {
          key: 'pin_and_seal',
          label: 'Safety pin in place and tamper seal intact',
          type: 'yes_no_na',
          failWhen: { answers: ['no'] },
        },
        {
          key: 'hose_nozzle',
          label: 'Hose and nozzle condition',
          type: 'select',
          options: ['Good', 'Cracked or perished', 'Blocked', 'Missing'],
          failWhen: { options: ['Cracked or perished', 'Blocked', 'Missing'] },
        },
        {
          key: 'cylinder_defects',
          label: 'Cylinder defects seen',
          type: 'multi_select',
          required: false,
          options: ['Corrosion', 'Dents', 'Faded instructions label', 'Damaged bracket'],
          failWhen: { options: ['Corrosion', 'Dents'] },
          helpText: 'Leave empty when the cylinder is in good condition.',
        },
      ],
    },
    {
      key: 'records',
      title: 'Measurements and records',
      items: [
        {
          key: 'gross_weight',
          label: 'Gross weight as a share of the full weight on the label',
          type: 'number',
          unit: '%',
          min: 90,
          max: 105,
          helpText:
            'Weigh with the hose attached and divide by the full weight stamped on the label. Below 90 % the unit needs refilling.',
        },
        { key: 'last_service_date', label: 'Last service date on the tag', type: 'date' },
      ],
    },
    signOff(),
  ],
};

/** Version 2 adds a photo and asks for the tag to be initialled: the demo's history shows a change. */
const EXTINGUISHER_V2: TemplateContentInput = {
  sections: [
    EXTINGUISHER_V1.sections[0]!,
    {
      key: 'records',
      title: 'Measurements and records',
      items: [
        ...EXTINGUISHER_V1.sections[1]!.items,
        {
          key: 'tag_initialled',
          label: 'Maintenance tag initialled and dated for this month',
          type: 'yes_no_na',
          failWhen: { answers: ['no'] },
        },
        { key: 'unit_photo', label: 'Photo of the extinguisher and its tag', type: 'photo' },
      ],
    },
    signOff(),
  ],
};

const HYDRANT_ANNUAL: TemplateContentInput = {
  sections: [
    {
      key: 'hydrant_valve',
      title: 'Hydrant valve and landing',
      items: [
        {
          key: 'valve_operates',
          label: 'Landing valve opens and closes fully without leaking',
          type: 'pass_fail',
        },
        {
          key: 'valve_cap_chain',
          label: 'Blank cap and chain present',
          type: 'yes_no_na',
          failWhen: { answers: ['no'] },
        },
        {
          key: 'cabinet_condition',
          label: 'Hose cabinet condition',
          type: 'select',
          options: ['Good', 'Door damaged', 'Glass broken', 'Obstructed'],
          failWhen: { options: ['Glass broken', 'Obstructed'] },
        },
      ],
    },
    {
      key: 'hose_reel',
      title: 'Hose and branch pipe',
      items: [
        { key: 'hose_length', label: 'Hose length', type: 'number', unit: 'm', min: 15, max: 30 },
        {
          key: 'hose_defects',
          label: 'Hose defects found on unrolling',
          type: 'multi_select',
          required: false,
          options: ['Cuts', 'Mildew', 'Coupling damaged', 'Kinks'],
          failWhen: { options: ['Cuts', 'Coupling damaged'] },
        },
        { key: 'branch_pipe', label: 'Branch pipe and nozzle present and undamaged', type: 'pass_fail' },
      ],
    },
    {
      key: 'flow_test',
      title: 'Flow test',
      items: [
        {
          key: 'residual_pressure',
          label: 'Residual pressure at the outlet',
          type: 'number',
          unit: 'bar',
          min: 3.5,
          max: 7,
          helpText: 'Measured with the hydrant flowing through the test gauge.',
        },
        { key: 'flow_test_date', label: 'Date of the flow test', type: 'date' },
        { key: 'flow_photo', label: 'Photo of the gauge during the test', type: 'photo' },
      ],
    },
    signOff(),
  ],
};

const LIFT_SAFETY: TemplateContentInput = {
  sections: [
    {
      key: 'car',
      title: 'Lift car',
      items: [
        { key: 'alarm_button', label: 'Alarm button rings at the security desk', type: 'pass_fail' },
        { key: 'intercom', label: 'Two-way intercom works', type: 'pass_fail' },
        {
          key: 'door_sensor',
          label: 'Door re-opens when the light curtain is interrupted',
          type: 'pass_fail',
        },
        {
          key: 'levelling_error',
          label: 'Levelling error at each landing (worst)',
          type: 'number',
          unit: 'mm',
          min: 0,
          max: 10,
        },
        {
          key: 'emergency_light',
          label: 'Emergency light in the car',
          type: 'yes_no_na',
          failWhen: { answers: ['no'] },
        },
      ],
    },
    {
      key: 'machine_room',
      title: 'Machine room and shaft',
      items: [
        {
          key: 'ropes',
          label: 'Suspension rope condition',
          type: 'select',
          options: ['Good', 'Light wear', 'Broken wires', 'Corroded'],
          failWhen: { options: ['Broken wires', 'Corroded'] },
        },
        {
          key: 'overspeed_governor',
          label: 'Overspeed governor tripped at the set speed',
          type: 'pass_fail',
        },
        {
          key: 'pit_condition',
          label: 'Lift pit',
          type: 'multi_select',
          required: false,
          options: ['Dry', 'Water present', 'Debris', 'Buffer damaged'],
          failWhen: { options: ['Water present', 'Buffer damaged'] },
        },
        { key: 'licence_valid_until', label: 'Lift licence valid until', type: 'date' },
      ],
    },
    signOff([
      {
        key: 'owner_present',
        label: 'Owner’s representative present during the test',
        type: 'yes_no_na',
        failWhen: { answers: [] },
      },
    ]),
  ],
};

const PRESSURE_VESSEL: TemplateContentInput = {
  sections: [
    {
      key: 'identification',
      title: 'Identification and records',
      items: [
        { key: 'nameplate', label: 'Nameplate legible (maker, serial, design pressure)', type: 'pass_fail' },
        { key: 'last_hydro_test', label: 'Date of the last hydraulic test', type: 'date' },
      ],
    },
    {
      key: 'external',
      title: 'External examination',
      items: [
        {
          key: 'shell_condition',
          label: 'Shell and welds',
          type: 'select',
          options: ['No defects', 'Surface rust', 'Pitting', 'Bulging or cracks'],
          failWhen: { options: ['Pitting', 'Bulging or cracks'] },
        },
        {
          key: 'wall_thickness',
          label: 'Minimum measured wall thickness',
          type: 'number',
          unit: 'mm',
          min: 6,
          max: null,
          helpText: 'Ultrasonic reading at the thinnest point; the design minimum is 6 mm.',
        },
        { key: 'drain_valve', label: 'Drain valve operates and condensate is drained', type: 'pass_fail' },
      ],
    },
    {
      key: 'safety_devices',
      title: 'Safety devices',
      items: [
        {
          key: 'safety_valve_set',
          label: 'Safety valve set pressure',
          type: 'number',
          unit: 'bar',
          min: 9.5,
          max: 10.5,
        },
        {
          key: 'safety_valve_lifts',
          label: 'Safety valve lifts and reseats on test',
          type: 'yes_no_na',
          failWhen: { answers: ['no'] },
        },
        {
          key: 'pressure_gauge_calibrated',
          label: 'Pressure gauge calibration in date',
          type: 'yes_no_na',
          failWhen: { answers: ['no', 'na'] },
        },
        { key: 'vessel_photo', label: 'Photo of the vessel and nameplate', type: 'photo' },
      ],
    },
    signOff(),
  ],
};

const FIRE_ALARM_DRAFT: TemplateContentInput = {
  sections: [
    {
      key: 'panel',
      title: 'Control panel',
      items: [
        { key: 'panel_normal', label: 'Panel shows normal, no faults', type: 'pass_fail' },
        {
          key: 'battery_voltage',
          label: 'Standby battery voltage',
          type: 'number',
          unit: 'V',
          min: 26,
          max: 28.5,
        },
      ],
    },
  ],
};

interface DemoTemplate {
  name: string;
  description: string;
  category: (typeof DEMO_CATEGORIES)[number]['name'];
  equipmentTypes: string[];
  /** Published versions, oldest first, each with its note and age in days. */
  versions: Array<{ content: TemplateContentInput; note: string | null; daysAgo: number }>;
  draft?: TemplateContentInput;
}

const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    name: 'Fire extinguisher monthly inspection',
    description: 'Monthly visual inspection of portable extinguishers (IS 2190).',
    category: 'Routine',
    equipmentTypes: ['Fire extinguisher, ABC powder 6 kg', 'Fire extinguisher, CO2 4.5 kg'],
    versions: [
      { content: EXTINGUISHER_V1, note: 'First release', daysAgo: 120 },
      { content: EXTINGUISHER_V2, note: 'Added the tag check and a photo of every unit', daysAgo: 35 },
    ],
  },
  {
    name: 'Fire hydrant annual inspection',
    description: 'Annual inspection and flow test of internal hydrants and hose reels (IS 13039).',
    category: 'Annual certification',
    equipmentTypes: ['Fire hydrant (internal)'],
    versions: [{ content: HYDRANT_ANNUAL, note: 'First release', daysAgo: 200 }],
  },
  {
    name: 'Lift safety inspection',
    description: 'Half-yearly safety inspection of passenger and goods lifts for the lift licence.',
    category: 'Annual certification',
    equipmentTypes: ['Passenger lift', 'Goods lift'],
    versions: [{ content: LIFT_SAFETY, note: 'First release', daysAgo: 90 }],
  },
  {
    name: 'Pressure vessel examination',
    description: 'Thorough external examination of air receivers and their safety devices.',
    category: 'Annual certification',
    equipmentTypes: ['Air receiver (pressure vessel)'],
    versions: [{ content: PRESSURE_VESSEL, note: 'First release', daysAgo: 60 }],
  },
  {
    name: 'Fire alarm panel quarterly test',
    description: 'Quarterly test of the fire alarm control panel (in preparation).',
    category: 'Routine',
    equipmentTypes: ['Fire alarm control panel'],
    versions: [],
    draft: FIRE_ALARM_DRAFT,
  },
];

const DAY = 86_400_000;

/** Inspection categories and checklist templates of the demo company. */
export async function loadDemoTemplates(tx: Transaction, adminId: number, today: Date): Promise<void> {
  const categoryRows = await tx
    .insert(inspectionCategories)
    .values(DEMO_CATEGORIES.map((c) => ({ ...c })))
    .returning({ id: inspectionCategories.id, name: inspectionCategories.name });
  const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));

  const typeRows = await tx
    .select({ id: equipmentTypes.id, name: equipmentTypes.name })
    .from(equipmentTypes)
    .where(
      inArray(
        equipmentTypes.name,
        DEMO_TEMPLATES.flatMap((t) => t.equipmentTypes),
      ),
    );
  const typeId = new Map(typeRows.map((t) => [t.name, t.id]));

  for (const demo of DEMO_TEMPLATES) {
    const published = demo.versions.length;
    const createdAt = new Date(today.getTime() - (demo.versions[0]?.daysAgo ?? 3) * DAY - DAY);
    const [template] = await tx
      .insert(templates)
      .values({
        name: demo.name,
        description: demo.description,
        categoryId: categoryId.get(demo.category) ?? null,
        status: published ? 'published' : 'draft',
        publishedVersion: published || null,
        createdBy: adminId,
        createdAt,
        updatedAt: new Date(today.getTime() - (demo.versions.at(-1)?.daysAgo ?? 2) * DAY),
      })
      .returning({ id: templates.id });
    const id = template!.id;

    await tx.insert(templateVersions).values([
      ...demo.versions.map((v, index) => {
        const at = new Date(today.getTime() - v.daysAgo * DAY);
        return {
          templateId: id,
          version: index + 1,
          status: 'published' as const,
          content: templateContentSchema.parse(v.content),
          changeNote: v.note,
          revision: 3,
          createdBy: adminId,
          createdAt: new Date(at.getTime() - 2 * DAY),
          updatedBy: adminId,
          updatedAt: at,
          publishedBy: adminId,
          publishedAt: at,
        };
      }),
      ...(demo.draft
        ? [
            {
              templateId: id,
              version: published + 1,
              status: 'draft' as const,
              content: templateContentSchema.parse(demo.draft),
              revision: 1,
              createdBy: adminId,
              updatedBy: adminId,
              createdAt: new Date(today.getTime() - 3 * DAY),
              updatedAt: new Date(today.getTime() - 2 * DAY),
            },
          ]
        : []),
    ]);

    const linked = demo.equipmentTypes
      .map((name) => typeId.get(name))
      .filter((t): t is number => t !== undefined);
    if (linked.length) {
      await tx
        .insert(templateEquipmentTypes)
        .values(linked.map((equipmentTypeId) => ({ templateId: id, equipmentTypeId })));
      // A published template becomes the default checklist of the types it is for.
      if (published)
        await tx
          .update(equipmentTypes)
          .set({ defaultTemplateId: id })
          .where(inArray(equipmentTypes.id, linked));
    }
  }
}
