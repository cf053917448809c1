import { PROFILE_PICTURE_PIXELS } from '@lyceum/shared/files';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { newId } from '../lib/ids.ts';
import type { StorageDriver } from '../lib/storage/driver.ts';
import { fileUrl, profilePicturePath } from '../lib/storage/object-paths.ts';
import type { Database } from '../db/client.ts';
import { companyFiles, companyStaff, schools, storedFiles, users } from '../db/schema/index.ts';
import { withSystem } from '../db/tenancy.ts';

const COLOURS = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0891b2', '#dc2626', '#4f46e5'];
/** How many people of each role get a picture per demo school: a few, so the initial fallback shows too. */
const PER_ROLE = { school_admin: 1, principal: 1, parent: 1, student: 3 } as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small portrait stand-in: the person's initials on a colour, drawn from shapes and one text element. */
async function initialsPicture(name: string, index: number): Promise<Buffer> {
  const size = PROFILE_PICTURE_PIXELS;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="100%" height="100%" fill="${COLOURS[index % COLOURS.length]}"/>
    <circle cx="${size * 0.8}" cy="${size * 0.15}" r="${size * 0.35}" fill="#ffffff" fill-opacity="0.12"/>
    <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
      font-size="${size * 0.4}" font-weight="bold" fill="#ffffff">${escapeXml(initials)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/**
 * Profile pictures for a few people of every demo school and for the demo company admin, stored and counted
 * exactly as uploads are. Runs once, right after the demo seed; about 20 small images, a fraction of a second.
 */
export async function seedDemoPictures(db: Database, storage: StorageDriver): Promise<void> {
  const written: string[] = [];
  try {
    await withSystem(db, async (tx) => {
      const demoSchools = await tx.select({ id: schools.id }).from(schools).where(eq(schools.isDemo, true));
      let index = 0;
      for (const school of demoSchools) {
        for (const [role, count] of Object.entries(PER_ROLE) as [keyof typeof PER_ROLE, number][]) {
          const people = await tx
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(and(eq(users.schoolId, school.id), eq(users.role, role)))
            .orderBy(asc(users.createdAt), asc(users.id))
            .limit(count);
          for (const person of people) {
            const data = await initialsPicture(person.name, index++);
            const objectPath = profilePicturePath(school.id, person.id);
            await storage.put(objectPath, data, 'image/webp');
            written.push(objectPath);
            await tx.insert(storedFiles).values({
              schoolId: school.id,
              id: newId(),
              ownerUserId: person.id,
              kind: 'profile_picture',
              objectPath,
              bytes: data.length,
              contentType: 'image/webp',
            });
            await tx
              .update(users)
              .set({ profileImage: fileUrl(objectPath) })
              .where(and(eq(users.schoolId, school.id), eq(users.id, person.id)));
          }
        }
      }
      const staff = await tx
        .select({ id: companyStaff.id, name: companyStaff.name })
        .from(companyStaff)
        .where(inArray(companyStaff.role, ['company_admin']));
      for (const person of staff) {
        const data = await initialsPicture(person.name, index++);
        const objectPath = profilePicturePath(null, person.id);
        await storage.put(objectPath, data, 'image/webp');
        written.push(objectPath);
        await tx.insert(companyFiles).values({
          id: newId(),
          ownerStaffId: person.id,
          kind: 'profile_picture',
          objectPath,
          bytes: data.length,
          contentType: 'image/webp',
        });
        await tx
          .update(companyStaff)
          .set({ profileImage: fileUrl(objectPath) })
          .where(eq(companyStaff.id, person.id));
      }
    });
  } catch (err) {
    await Promise.all(written.map((p) => storage.delete(p).catch(() => {})));
    throw err;
  }
}
