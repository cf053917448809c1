import { launchBrowser, type Journey, startServer } from './harness.ts';
import { companyJourneys } from './journeys/company.ts';
import { everyPageJourneys } from './journeys/every-page.ts';
import { foundationJourneys } from './journeys/foundation.ts';
import { peopleJourneys } from './journeys/people.ts';
import { profilePictureJourneys } from './journeys/profile-picture.ts';
import { whiteLabelJourneys } from './journeys/white-label.ts';

/** Every journey, in order; each feature adds its list here. */
const journeys: Journey[] = [
  ...foundationJourneys,
  ...everyPageJourneys,
  ...profilePictureJourneys,
  ...peopleJourneys,
  ...companyJourneys,
  ...whiteLabelJourneys,
];

/** A stray rejection (say, from a page closing late) fails the run but must not kill it before the summary line. */
let strayErrors = 0;
process.on('unhandledRejection', (err) => {
  strayErrors++;
  console.log(`  ✗ unhandled rejection: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
});

async function main(): Promise<number> {
  const filter = process.argv[2];
  const selected = filter ? journeys.filter((j) => j.name.includes(filter)) : journeys;
  const server = await startServer();
  const browser = await launchBrowser();
  let passed = 0;
  let failed = 0;
  try {
    for (const journey of selected) {
      const started = Date.now();
      try {
        await journey.run({ browser, server });
        passed++;
        console.log(`  ✓ ${journey.name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed++;
        console.log(
          `  ✗ ${journey.name}\n    ${String(err instanceof Error ? err.message : err).replaceAll('\n', '\n    ')}`,
        );
      }
    }
  } finally {
    await browser.close().catch((err) => console.log(`  ✗ closing the browser: ${String(err)}`));
    await server.stop();
  }
  failed += strayErrors;
  console.log(`E2E: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    console.log('E2E: 0 passed, 1 failed');
    process.exit(1);
  },
);
