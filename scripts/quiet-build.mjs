// The web app's build as `npm start` runs it (README.md, "Run it"): its ~560 lines (Vite's file list, warnings about
// comments in dependencies, the bundle-budget table) are for developers, who run `npm run build` and read them
// there. An operator's first start shows one line before and the build's summary after; a failed build shows
// everything it printed, where its errors are.
import { spawn } from 'node:child_process';

/** Runs `command` with its standard output and error kept together, in order: `{ status, output }`. */
export function runQuietly(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (err) => resolve({ status: 1, output: `${output}${err.message}\n` }));
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), output }));
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what it removes
const COLOURS = /\u001b\[[0-9;]*m/g;

/** The lines worth an operator's eye in a build that succeeded: how long it took, the budgets, the compression. */
const SUMMARY = [/^✓ built in /, /^All budgets met/, /^precompress: /];

export function buildSummary(output) {
  return output
    .replace(COLOURS, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => SUMMARY.some((pattern) => pattern.test(line)));
}
