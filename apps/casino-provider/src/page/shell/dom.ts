// Small DOM helpers the page's shell shares (no framework: the page is plain DOM, ADR 30).

export type Child = Node | string | null | undefined | false;

/** An element with attributes and children (null / false children are skipped). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

export const $ = (id: string): HTMLElement => document.getElementById(id)!;

/** Rupees as the page shows them: 1,234.50 (Indian grouping). */
export const money = (n: number): string => n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A stake as a chip reads: 500, 2.5k, 1L. */
export function chipText(n: number): string {
  const short = (v: number) => String(Math.round(v * 10) / 10);
  if (n >= 100000) return `${short(n / 100000)}L`;
  if (n >= 1000) return `${short(n / 1000)}k`;
  return short(n);
}
