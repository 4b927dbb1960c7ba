import type { LoadFigures } from './bench-report';
import { medianRound } from './bench-report';
import { median } from './median';
import type { BenchPlan } from './bench-args';
import type { ChildServer } from './child-server';
import type { LoadResult } from './http-load';
import { runLoad } from './http-load';
import type { TargetName } from './workloads';
import { WORKLOADS, TARGETS, forTarget } from './workloads';

/**
 * Every case against every server. Servers take turns inside each round, so a burst of noise on
 * the shared machine hits all three rather than one; the median round is kept.
 */
export async function runLoadMatrix(
  plan: BenchPlan,
  servers: Readonly<Record<TargetName, ChildServer>>,
  progress: (line: string) => void,
): Promise<LoadFigures[]> {
  const figures: LoadFigures[] = [];
  for (const workload of WORKLOADS) {
    for (const connections of plan.connections) {
      const rounds = new Map<TargetName, LoadResult[]>(TARGETS.map((t) => [t, []]));
      for (let round = 0; round < plan.rounds; round++) {
        for (const target of TARGETS) {
          const server = servers[target];
          const result = await runLoad(
            server.origin,
            forTarget(target, workload.request),
            {
              connections,
              durationS: plan.durationS,
              warmupS: round === 0 ? plan.warmupS : 0,
            },
            server.cpuMs,
          );
          rounds.get(target)?.push(result);
          progress(
            `${workload.label} c=${connections} ${target} round ${round + 1}: ${result.rps} req/s, p99 ${result.p99Ms} ms, ${result.cpuUsPerRequest ?? '?'} µs CPU/request`,
          );
        }
      }
      for (const target of TARGETS) {
        const results = rounds.get(target) ?? [];
        const cpu = results.map((r) => r.cpuUsPerRequest).filter((v): v is number => v !== null);
        figures.push({
          workload: workload.label,
          connections,
          target,
          median: medianRound(results),
          roundsRps: results.map((r) => r.rps),
          cpuUsPerRequest: cpu.length === 0 ? null : median(cpu),
        });
      }
    }
  }
  return figures;
}
