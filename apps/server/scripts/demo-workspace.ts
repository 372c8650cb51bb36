/**
 * Demo content for the partner workspace: a handful of resources (two videos, two generated PDFs, an
 * image, two links) and, for the first demo partner, two months of link visits and referrals so
 * the dashboard has something to show. Idempotent: resources are matched by title, activity is
 * only added to a partner who has none.
 */
import { deflateSync } from 'node:zlib';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { parseVideoUrl, type LeadStatus, type ResourceType } from '@portal/contract';
import type { DbExecutor } from '../src/db';
import { leadEvents, leads, referralVisits, resourceFiles, resources, users } from '../src/db/schema';
import { recountLeadDailyCounts } from '../src/modules/admin-stats';
import { openMerchantAccount } from '../src/modules/commissions';

/** A one-page PDF with a title and a few lines of text (Helvetica), with a correct xref table. */
export function makePdf(title: string, lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT /F1 22 Tf 56 760 Td',
    `(${escape(title)}) Tj`,
    '/F1 12 Tf 0 -34 Td 16 TL',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A PNG of two horizontal colour bands (an RGB banner), built by hand: no image library needed. */
export function makeBannerPng(
  width: number,
  height: number,
  top: [number, number, number],
  bottom: [number, number, number],
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const [r, g, b] = y < height * 0.62 ? top : bottom;
    for (let x = 0; x < width; x++) raw.set([r, g, b], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoResource {
  title: string;
  type: ResourceType;
  category: string;
  description: string;
  url?: string;
  featured?: boolean;
  file?: { name: string; mime: string; data: Buffer };
}

const demoResources = (): DemoResource[] => [
  {
    title: 'Dual pricing in three minutes',
    type: 'video',
    category: 'Getting started',
    description: 'What dual pricing is, why merchants save on card fees, and how to explain it in one sentence.',
    url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    featured: true,
  },
  {
    title: 'Starting the conversation with a shop owner',
    type: 'video',
    category: 'Sales scripts',
    description: 'A short role-play: the first two minutes with a restaurant owner, and the questions that open the door.',
    url: 'https://vimeo.com/76979871',
  },
  {
    title: 'Merchant one-pager: lower your processing fees',
    type: 'pdf',
    category: 'Marketing assets',
    description: 'A printable page to leave with a merchant: the free analysis, what they send us, what they get back.',
    featured: true,
    file: {
      name: 'merchant-one-pager.pdf',
      mime: 'application/pdf',
      data: makePdf('Lower your card processing fees', [
        'Free, no-obligation analysis of your last processing statement.',
        'Send us one statement; we show you line by line what you pay today.',
        'Most merchants we review save on interchange mark-ups and monthly fees.',
        'Ask your partner for their referral link, or scan the QR code on their card.',
      ]),
    },
  },
  {
    title: 'Partner program guide',
    type: 'pdf',
    category: 'Getting started',
    description: 'How referrals move from New to Approved merchant, how you are kept informed, and how commissions work.',
    file: {
      name: 'partner-program-guide.pdf',
      mime: 'application/pdf',
      data: makePdf('Partner program guide', [
        '1. Share your personal link or its QR code with business owners.',
        '2. Each request through your link is credited to you at once.',
        '3. Follow every referral on your dashboard as our team works it.',
        '4. Approved merchants earn you the commission in your program terms.',
      ]),
    },
  },
  {
    title: 'Counter sticker: "Ask about lower card fees"',
    type: 'image',
    category: 'Marketing assets',
    description: 'A banner image for social posts and counter stickers, in the brand colours.',
    file: { name: 'counter-sticker.png', mime: 'image/png', data: makeBannerPng(640, 360, [37, 99, 235], [241, 245, 249]) },
  },
  {
    title: 'Processing fee savings calculator',
    type: 'link',
    category: 'Sales scripts',
    description: "Enter a merchant's monthly card volume and current rate to estimate what they could save.",
    url: 'https://www.example-payments.com/savings-calculator',
  },
  {
    title: 'Email the partner team',
    type: 'link',
    category: 'Getting started',
    description: 'Questions about a referral, a merchant or your commissions: write to us.',
    url: 'mailto:partners@example-payments.com',
  },
];

export async function seedDemoResources(db: DbExecutor): Promise<string[]> {
  const lines: string[] = [];
  const [{ next }] = (await db
    .select({ next: sql<number>`coalesce(max(${resources.position}) + 1, 0)::int` })
    .from(resources)) as [{ next: number }];
  let position = Number(next);
  for (const item of demoResources()) {
    const video = item.type === 'video' && item.url ? parseVideoUrl(item.url) : null;
    const values = {
      title: item.title,
      type: item.type,
      category: item.category,
      description: item.description,
      url: item.url ?? null,
      embedUrl: video?.embedUrl ?? null,
      thumbnailUrl: video?.thumbnailUrl ?? null,
      featured: item.featured ?? false,
      published: true,
    };
    const [existing] = await db.select({ id: resources.id }).from(resources).where(eq(resources.title, item.title)).limit(1);
    const [row] = existing
      ? await db.update(resources).set(values).where(eq(resources.id, existing.id)).returning({ id: resources.id })
      : await db
          .insert(resources)
          .values({ ...values, position: position++, publishedAt: new Date() })
          .returning({ id: resources.id });
    if (item.file) {
      const file = { name: item.file.name, mime: item.file.mime, size: item.file.data.length, data: item.file.data };
      await db
        .insert(resourceFiles)
        .values({ resourceId: row!.id, ...file })
        .onConflictDoUpdate({ target: resourceFiles.resourceId, set: file });
    }
    lines.push(`  ${existing ? 'updated' : 'created'} resource "${item.title}" (${item.type})`);
  }
  return lines;
}

const businesses = [
  'Corner Bakery',
  'Blue Door Cafe',
  'Harbor Hardware',
  'Maple Street Dental',
  'Sunrise Laundromat',
  'Peak Fitness Studio',
  'Golden Wok',
  'Lakeside Florist',
  'Bright Smile Pediatrics',
  'Urban Threads Boutique',
  'Northside Auto Repair',
  'Green Leaf Grocery',
  'Copper Kettle Diner',
  'Pine & Oak Furniture',
  'Velvet Nail Lounge',
  'Riverbend Pet Supply',
  'Summit Bike Shop',
  'Old Town Books',
];
const contacts = [
  'Alex Rivera',
  'Jordan Lee',
  'Priya Shah',
  'Marcus Chen',
  'Elena Rossi',
  'Sam Okafor',
  'Nina Berg',
  'Omar Haddad',
];
const sources = ['direct', 'direct', 'direct', 'qr', 'qr', 'linkedin', 'newsletter', 'facebook'];

/** Sixty days of visits and a referral roughly every few days, in every status, for one partner. */
export async function seedDemoActivity(
  db: DbExecutor,
  partner: { id: number; uuid: string },
  now = new Date(),
): Promise<string | null> {
  const [existing] = await db.select({ id: leads.id }).from(leads).where(eq(leads.partnerId, partner.id)).limit(1);
  const [visit] = await db
    .select({ day: referralVisits.day })
    .from(referralVisits)
    .where(and(eq(referralVisits.partnerId, partner.id)))
    .limit(1);
  if (existing || visit) return null;
  const dayMs = 86_400_000;
  let seed = 42;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const visits: (typeof referralVisits.$inferInsert)[] = [];
  for (let d = 59; d >= 0; d--) {
    const day = new Date(now.getTime() - d * dayMs).toISOString().slice(0, 10);
    const count = Math.floor(random() * 6 + (d < 20 ? 3 : 1));
    for (let v = 0; v < count; v++)
      visits.push({
        partnerId: partner.id,
        day,
        visitorHash: `demo-${day}-${v}`,
        source: sources[Math.floor(random() * sources.length)]!,
      });
  }
  await db.insert(referralVisits).values(visits).onConflictDoNothing();
  const statusCycle: LeadStatus[] = [
    'new',
    'contacted',
    'analysis',
    'application',
    'approved',
    'new',
    'contacted',
    'lost',
    'approved',
    'unqualified',
    'analysis',
    'new',
  ];
  // The status moves are an admin's, as the pipeline records them (the seed's first admin, when there is one).
  const [admin] = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.id)
    .limit(1);
  const reasons: Partial<Record<LeadStatus, string>> = { lost: 'no_response', unqualified: 'low_volume' };
  let n = 0;
  for (let d = 58; d >= 0; d -= 3 + Math.floor(random() * 3)) {
    const status = statusCycle[n % statusCycle.length]!;
    const business = businesses[n % businesses.length]!;
    const [firstName, lastName] = contacts[n % contacts.length]!.split(' ') as [string, string];
    const createdAt = new Date(now.getTime() - d * dayMs - Math.floor(random() * 8) * 3_600_000);
    const statusChangedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + (status === 'new' ? 0 : 4 * dayMs)));
    const mid = status === 'approved' ? `DEMO-${partner.id}-${n}` : null;
    const [lead] = await db
      .insert(leads)
      .values({
        partnerId: partner.id,
        referralUuid: partner.uuid,
        firstName,
        lastName,
        email: `${business.toLowerCase().replace(/[^a-z]+/g, '.')}.${partner.id}@demo.test`,
        company: business,
        businessType: 'Retail',
        countryCode: '+1',
        phoneDigits: `55501${String(n).padStart(2, '0')}`,
        title: `Referral from demo partner`,
        notes: '',
        description: '',
        smsConsent: false,
        marketingConsent: false,
        consentTextVersion: 'demo',
        ipHash: 'demo',
        source: 'landing_page',
        status,
        mid,
        syncState: 'skipped',
        createdAt,
        statusChangedAt,
        // Last touched when its status last moved, as the pipeline leaves it (the "no update for N days" cue reads it).
        updatedAt: statusChangedAt,
      })
      .onConflictDoNothing()
      .returning({ id: leads.id });
    // Its history agrees with its status: the request, then the admin's move (with the reason a close needs).
    if (lead) {
      await db.insert(leadEvents).values([
        {
          leadId: lead.id,
          kind: 'created',
          actorLabel: 'Merchant',
          toStatus: 'new',
          visibleToPartner: true,
          data: {},
          createdAt,
        },
        ...(status === 'new'
          ? []
          : [
              {
                leadId: lead.id,
                kind: 'status' as const,
                actorId: admin?.id ?? null,
                actorLabel: admin?.fullName ?? 'Admin',
                fromStatus: 'new' as const,
                toStatus: status,
                reason: reasons[status] ?? null,
                visibleToPartner: true,
                data: mid ? { mid } : null,
                createdAt: statusChangedAt,
              },
            ]),
      ]);
    }
    n++;
  }
  // Back-dated leads written straight to the table: the admin home's roll-ups are recounted once.
  await recountLeadDailyCounts(db);
  return `  added ${visits.length} visits and ${n} referrals to the first demo partner's dashboard`;
}

/**
 * The demo partner's approved referrals as the pipeline makes them: each a merchant account with the
 * plan's pending bonus, so the dashboard's earnings, the referral pages and My Commissions agree
 * with the plan. Runs on every seed (an account is opened once per MID).
 */
export async function seedDemoEarnings(db: DbExecutor, partner: { id: number }): Promise<string | null> {
  const approved = await db
    .select({ id: leads.id, mid: leads.mid, company: leads.company, statusChangedAt: leads.statusChangedAt })
    .from(leads)
    .where(and(eq(leads.partnerId, partner.id), eq(leads.status, 'approved'), isNotNull(leads.mid)));
  for (const lead of approved) {
    await openMerchantAccount(db, {
      mid: lead.mid!,
      business: lead.company,
      partnerId: partner.id,
      leadId: lead.id,
      approvedOn: lead.statusChangedAt.toISOString().slice(0, 10),
    });
  }
  return approved.length
    ? `  ${approved.length} approved referrals of the first demo partner have their merchant account and pending bonus`
    : null;
}
