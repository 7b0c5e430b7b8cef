/**
 * Command-line start-up: wall time of the built `tmpl` (its bin, as `npx
 * tmpl` runs it) answering --version and rendering a small page, the same
 * --version through `npx` as the documentation's examples call it, next to
 * LiquidJS's CLI rendering the equivalent page and node doing nothing, each
 * a fresh process, interleaved round by round on the same machine.
 *
 *   npm run bench:cli [-- --runs 40] [--no-write]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEngine } from '../engine/build.mjs';
import { replaceSection } from './lib/results-file.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const fixture = (name: string): string => `bench/fixtures/cli/${name}`;

interface Case {
  name: string;
  /** A command found on PATH instead of node (npx). */
  command?: string;
  args: string[];
}

const CASES: Case[] = [
  { name: 'node -e 0 (the floor: node starting and stopping)', args: ['-e', '0'] },
  { name: '`tmpl --version`', args: ['engine/bin/tmpl.mjs', '--version'] },
  { name: '`tmpl render page.tmpl --data page.json`', args: ['engine/bin/tmpl.mjs', 'render', fixture('page.tmpl'), '--data', fixture('page.json')] },
  // What the documentation's `npx tmpl …` examples cost: npm starting and finding the bin, then the bin.
  { name: '`npx tmpl --version`', command: 'npx', args: ['tmpl', '--version'] },
  {
    name: 'LiquidJS CLI `liquid -t @page.liquid -c @page.json`',
    args: ['node_modules/liquidjs/bin/liquid.js', '-t', `@${fixture('page.liquid')}`, '-c', `@${fixture('page.json')}`],
  },
];

/** GNU time reports a child's CPU time, which a busy machine inflates far less than its wall time. */
const GNU_TIME = '/usr/bin/time';
const timesFile = join(mkdtempSync(join(os.tmpdir(), 'bench-cli-')), 'times');

interface Sample {
  ms: number;
  /** User + system CPU time of the process, when GNU time is installed. */
  cpuMs: number | null;
  stdout: string;
}

function run(args: string[], program: string = process.execPath): Sample {
  const withTime = existsSync(GNU_TIME);
  const [command, commandArgs] = withTime
    ? [GNU_TIME, ['-f', '%U %S', '-o', timesFile, program, ...args]]
    : [program, args];
  const start = performance.now();
  const r = spawnSync(command, commandArgs, { cwd: ROOT, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${program} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  let cpuMs: number | null = null;
  if (withTime) {
    const [user, system] = readFileSync(timesFile, 'utf8').trim().split(/\s+/).map(Number);
    cpuMs = ((user ?? 0) + (system ?? 0)) * 1000;
  }
  return { ms, cpuMs, stdout: r.stdout };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function main(runs: number, write: boolean): void {
  // Both CLIs must print the same page, or the comparison means nothing.
  const ours = run(CASES[2]!.args).stdout;
  const theirs = run(CASES[4]!.args).stdout;
  if (ours !== theirs) throw new Error(`the two pages differ:\n${ours}\n${theirs}`);

  const times = CASES.map(() => [] as number[]);
  const cpuTimes = CASES.map(() => [] as number[]);
  const loadBefore = os.loadavg()[0]!;
  for (let round = 0; round < runs; round++) {
    // Interleaved, and each round starts with a different case, so drift in the machine's speed is shared.
    for (let k = 0; k < CASES.length; k++) {
      const i = (round + k) % CASES.length;
      const sample = run(CASES[i]!.args, CASES[i]!.command);
      times[i]!.push(sample.ms);
      if (sample.cpuMs !== null) cpuTimes[i]!.push(sample.cpuMs);
    }
  }
  const loadAfter = os.loadavg()[0]!;
  const cpus = os.cpus();
  let md = '## CLI start-up (`npm run bench:cli`)\n\n';
  md += `Machine: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores; Node ${process.version}; run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. `;
  // Beyond one busy core the absolute figures are inflated: say so beside them.
  const busy = Math.max(loadBefore, loadAfter) > 1.5;
  md += busy
    ? `The machine was shared and busy: load average ${loadBefore.toFixed(1)} before the run and ${loadAfter.toFixed(1)} after (on ${cpus.length} cores), so every figure, the floor included, is inflated; compare the rows with each other rather than with an idle machine.\n\n`
    : `The machine was quiet: load average ${loadBefore.toFixed(1)} before the run and ${loadAfter.toFixed(1)} after (on ${cpus.length} cores).\n\n`;
  md += `Each case is a whole process (spawn to exit), ${runs} runs of each, interleaved. The page is a heading and a three-item list with HTML escaping (bench/fixtures/cli/); both CLIs print it byte for byte the same. \`tmpl\` runs as built JavaScript through its bin, as \`npx tmpl\` does (the freshness check, then dist/engine/tmpl.cjs, packages bundled in, compiled with V8's code cache of the previous run); \`npx tmpl\` adds npm's own start-up, which finds the bin in the project's files; LiquidJS's CLI as published on npm. CPU is the process's user + system time (GNU time, in steps of 10 ms, so the mean over the runs), which the other work on the machine inflates much less than the wall time.\n\n`;
  const ms = (value: number): string => `${value.toFixed(0)} ms`;
  md += '| case | wall median | wall p10 | wall p90 | CPU mean |\n|---|---:|---:|---:|---:|\n';
  CASES.forEach((c, i) => {
    const sorted = [...times[i]!].sort((a, b) => a - b);
    const cpu = cpuTimes[i]!.length > 0 ? ms(cpuTimes[i]!.reduce((a, b) => a + b, 0) / cpuTimes[i]!.length) : 'n/a';
    md += `| ${c.name} | ${ms(quantile(sorted, 0.5))} | ${ms(quantile(sorted, 0.1))} | ${ms(quantile(sorted, 0.9))} | ${cpu} |\n`;
  });
  const p10Above = (i: number): string => ms(quantile([...times[i]!].sort((a, b) => a - b), 0.1) - quantile([...times[0]!].sort((a, b) => a - b), 0.1));
  md += `\nWall p10 above node's own p10: \`tmpl --version\` ${p10Above(1)}, \`tmpl render\` ${p10Above(2)}, \`npx tmpl --version\` ${p10Above(3)}, LiquidJS ${p10Above(4)}.\n`;
  console.log(md);
  if (write) {
    replaceSection('cli', md);
    console.log('wrote bench/RESULTS.md');
  }
}

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 40 : Number(args[runsAt + 1]);
await buildEngine();
try {
  main(Number.isInteger(runs) && runs > 0 ? runs : 40, !args.includes('--no-write'));
} finally {
  rmSync(join(timesFile, '..'), { recursive: true, force: true });
}
