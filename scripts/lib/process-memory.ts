// The resident memory of a server and of every process it started (worker processes sharing its
// port), read from Linux's /proc: the bench reports their sum and the largest single process, the
// figure a per-worker memory budget is about. The parsing is pure and unit-tested in
// scripts/lib/process-memory.test.ts; readTreeRss does the reading.

import { readdirSync, readFileSync } from "node:fs";
import { parseVmRssKb } from "../bench-lib";

/** The process ids in the text of /proc/<pid>/task/<tid>/children ("12 34 "). */
export function parseChildren(text: string): number[] {
  return text
    .split(/\s+/)
    .filter((word) => /^\d+$/.test(word))
    .map(Number);
}

/** The memory of a process tree at one instant: the sum over its processes and the largest one, in kB. */
export interface TreeRss {
  totalKb: number;
  maxKb: number;
  processes: number;
}

/** The sum and the largest of some processes' RSS (kB); undefined when none could be read. */
export function summarizeRss(rssKb: readonly (number | undefined)[]): TreeRss | undefined {
  const known = rssKb.filter((kb): kb is number => kb !== undefined);
  if (known.length === 0) return undefined;
  return { totalKb: known.reduce((sum, kb) => sum + kb, 0), maxKb: Math.max(...known), processes: known.length };
}

/** Peaks over samples of a process tree: of the sum, of the largest process, and the most processes seen. */
export class TreePeak {
  totalKb: number | undefined;
  maxKb: number | undefined;
  processes = 0;
  count = 0;
  add(sample: TreeRss | undefined): void {
    if (sample === undefined) return;
    this.count += 1;
    this.totalKb = Math.max(this.totalKb ?? 0, sample.totalKb);
    this.maxKb = Math.max(this.maxKb ?? 0, sample.maxKb);
    this.processes = Math.max(this.processes, sample.processes);
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** `pid` and its descendants, through /proc/<pid>/task/<tid>/children (every thread's children). */
function processTree(pid: number): number[] {
  const out: number[] = [];
  const queue = [pid];
  const seen = new Set<number>();
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    out.push(next);
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${next}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) queue.push(...parseChildren(readText(`/proc/${next}/task/${tid}/children`) ?? ""));
  }
  return out;
}

/** The RSS of `pid` and of every process it started (Linux), or undefined where /proc can't be read. */
export function readTreeRss(pid: number | undefined): TreeRss | undefined {
  if (pid === undefined) return undefined;
  return summarizeRss(processTree(pid).map((p) => parseVmRssKb(readText(`/proc/${p}/status`) ?? "")));
}
