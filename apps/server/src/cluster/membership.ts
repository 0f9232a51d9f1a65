/**
 * This process in its cluster (ADR 37): its id, and with BROKER_URL (nats://...) the bus to the
 * other processes on the same database, which tell each other their commits. Without it the
 * process is alone.
 */
import type { DatabaseTarget } from '../db/client.ts';
import { NatsBroker } from './broker.ts';
import { ClusterBus, newProcessId, subjectPrefixFor } from './bus.ts';

export interface ClusterMembership {
  /** PROCESS_NAME (when given) before the unique part: the logs and /api/health show it. */
  processId: string;
  /** None for a process alone (the app then makes a local one). */
  bus: ClusterBus | undefined;
  /** Closes the link to the broker (after the app is closed). */
  leave(): Promise<void>;
}

/** Connects to the broker (waiting until it answers) when BROKER_URL is set. */
export async function joinCluster(env: NodeJS.ProcessEnv, target: DatabaseTarget): Promise<ClusterMembership> {
  const processId = env.PROCESS_NAME ? `${env.PROCESS_NAME}:${newProcessId()}` : newProcessId();
  const brokerUrl = env.BROKER_URL;
  // Subjects are per database: several clusters can share one broker.
  const bus = brokerUrl
    ? new ClusterBus(
        await NatsBroker.connect(brokerUrl, processId),
        subjectPrefixFor(target.kind === 'postgres' ? target.url : target.dataDir ?? ''),
        processId,
      )
    : undefined;
  return { processId, bus, leave: async () => void (await bus?.broker.close()) };
}
