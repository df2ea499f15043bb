/**
 * `npm run bench:statecharts`: how long ELK takes to lay out each machine's diagram for the statechart studio (the
 * build does it once, in vite.config.ts's `virtual:statecharts`), median, min and max over repeated runs
 * (`BENCH_RUNS`, default 9), the largest machines first; how big the laid-out data is that the studio's chunk
 * carries, raw and gzipped; and, per machine, how long the build takes to generate and replay its QA paths
 * (`virtual:statecharts/paths/<name>`) and how big that chunk's data is.
 */
import { gzipSync } from 'node:zlib';
import ELK from 'elkjs';
import { machineNames, machineRegistry } from '../../machines/registry';
import { layoutMachine } from '../../statecharts/layout';
import { listStates, listTransitions } from '../../statecharts/machine-graph';
import { studioData } from '../../statecharts/studio-data';
import { studioPaths } from '../../statecharts/studio-paths';

const runs = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 9));
const elk = new ELK();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// One layout first: ELK's engine warms up on its first graph.
await layoutMachine(machineRegistry.toast, elk);
const rows: Array<{ name: string; size: number; times: number[] }> = [];
for (const name of machineNames) {
  const machine = machineRegistry[name];
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await layoutMachine(machine, elk);
    times.push(performance.now() - start);
  }
  rows.push({ name, size: listStates(machine).length + listTransitions(machine).length, times });
}
rows.sort((a, b) => b.size - a.size);
console.log(`ELK layout per machine (${runs} runs each; states + transitions as the size)`);
for (const { name, size, times } of rows) {
  console.log(
    `${name.padEnd(20)} size ${String(size).padStart(3)}  median ${median(times).toFixed(1).padStart(6)} ms  min ${Math.min(...times).toFixed(1).padStart(6)} ms  max ${Math.max(...times).toFixed(1).padStart(6)} ms`,
  );
}
const data = JSON.stringify(await studioData());
console.log(`studio data: ${(data.length / 1024).toFixed(1)} kB raw, ${(gzipSync(data, { level: 9 }).length / 1024).toFixed(1)} kB gzip`);

console.log('QA paths per machine (generated and replayed once, as the build does)');
let pathsTotal = 0;
for (const name of machineNames) {
  const start = performance.now();
  const paths = JSON.stringify(await studioPaths(name));
  const took = performance.now() - start;
  pathsTotal += took;
  console.log(
    `${name.padEnd(20)} ${took.toFixed(0).padStart(5)} ms  ${(paths.length / 1024).toFixed(1).padStart(6)} kB raw  ${(gzipSync(paths, { level: 9 }).length / 1024).toFixed(1).padStart(5)} kB gzip`,
  );
}
console.log(`QA paths, all machines: ${(pathsTotal / 1000).toFixed(1)} s`);
