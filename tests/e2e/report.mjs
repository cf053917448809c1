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
  const failures = [
    ...failedJourneys(report.suites ?? []),
    ...errors.map((e) => `outside journeys: ${firstLine(e.message)}`),
  ];
  return { passed, failed, note, failures };
}

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);

/** "file › title: first line of its error" for each journey that did not pass cleanly (failed, flaky, skipped). */
function failedJourneys(suites) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const bad = (spec.tests ?? []).some((t) => t.status !== 'expected');
      if (!bad) continue;
      const error = (spec.tests ?? []).flatMap((t) => t.results ?? []).find((r) => r.error)?.error;
      out.push(`${spec.file} › ${spec.title}: ${firstLine(error?.message) || 'did not pass'}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites) walk(suite);
  return out;
}
