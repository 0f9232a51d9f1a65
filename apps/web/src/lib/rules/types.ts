/** One block of a rules panel: an optional heading over a numbered list. */
export interface RulesSection {
  heading?: string;
  items: string[];
}

/** One tab of the rules screen. A panel without sections shows 'No records Found'. */
export interface RulesPanel {
  title: string;
  sections: RulesSection[];
}
