import { buildProduct } from './processes.ts';

/**
 * The browser suites' global setup: the product is built once, before their files start two at
 * a time, so no two of them build it at once (each still snapshots the build it runs).
 */
export default function setup(): void {
  buildProduct();
}
