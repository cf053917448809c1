// Counts of a Playwright JSON report, shared by run.mjs and `npm test` so both say the same thing.
import { existsSync, readFileSync } from 'node:fs';

/**
 * Reads the report a run left at `file`; `exitCode` is the run's own. A missing or unreadable report, a journey
 * that did not run (interrupted by the global timeout, say), and an error outside any journey (a crashed worker,
 * a config that failed to load) all count as failures, so a broken run can never pass.
 */
export function readE2eReport(file, exitCode) {
  if (!existsSync(file)) return { passed: 0, failed: 1, note: `no report (exit code ${exitCode})` };
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return { passed: 0, failed: 1, note: `unreadable report: ${err.message}` };
  }
  const stats = report.stats ?? {};
  const errors = report.errors ?? [];
  const passed = stats.expected ?? 0;
  let failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (stats.skipped ?? 0) + errors.length;
  if (exitCode !== 0 && failed === 0) failed = 1;
  const note = errors.length ? `${errors.length} error(s) outside journeys` : undefined;
  return { passed, failed, note };
}
