import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseChildren, readTreeRss, summarizeRss, TreePeak } from "./process-memory";

describe("parseChildren", () => {
  it("reads the process ids of /proc/<pid>/task/<tid>/children", () => {
    expect(parseChildren("4242 4250 \n")).toEqual([4242, 4250]);
    expect(parseChildren("")).toEqual([]);
  });
});

describe("summarizeRss", () => {
  it("sums the processes that could be read and names the largest", () => {
    expect(summarizeRss([40_000, undefined, 250_000, 240_000])).toEqual({ totalKb: 530_000, maxKb: 250_000, processes: 3 });
    expect(summarizeRss([undefined])).toBeUndefined();
  });
});

describe("TreePeak", () => {
  it("keeps the peak of the sum and of the largest process, which may come from different samples", () => {
    const peak = new TreePeak();
    peak.add({ totalKb: 500, maxKb: 300, processes: 2 });
    peak.add(undefined);
    peak.add({ totalKb: 700, maxKb: 250, processes: 3 });
    expect({ totalKb: peak.totalKb, maxKb: peak.maxKb, processes: peak.processes, count: peak.count }).toEqual({
      totalKb: 700,
      maxKb: 300,
      processes: 3,
      count: 2,
    });
  });
});

describe("readTreeRss (Linux /proc)", () => {
  it("counts a process's children with it", async () => {
    const before = readTreeRss(process.pid)!;
    expect(before.maxKb).toBeGreaterThan(1024);
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      const withChild = readTreeRss(process.pid)!;
      expect(withChild.processes).toBe(before.processes + 1);
      expect(withChild.totalKb).toBeGreaterThan(withChild.maxKb);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("reads nothing for a process that does not exist", () => {
    expect(readTreeRss(undefined)).toBeUndefined();
    expect(readTreeRss(2 ** 30)).toBeUndefined();
  });
});
