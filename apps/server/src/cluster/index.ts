/**
 * Several server processes on one PostgreSQL (ADR 37): the broker, the bus of typed commit
 * events, this process's membership, leases for the work that runs once, the start-up lock and
 * the plugin that wires the bus to the app. Code outside cluster/ imports only this file.
 */
export { NatsBroker, noBroker, type Broker } from './broker.ts';
export { ClusterBus, newProcessId, subjectPrefixFor, type ClusterMessages, type ClusterTopic } from './bus.ts';
export { joinCluster, type ClusterMembership } from './membership.ts';
export { LeaseKeeper, releaseLease, runOncePerCluster, tryLease, type ClusterSingleton, type LeaseWork } from './leases.ts';
export { withStartupLock, type StartupLock } from './startup-lock.ts';
export { default as clusterPlugin, type ClusterPluginOptions, type MarketRouting } from './wiring.ts';
