// Imported first by each page's entry, before any schema is built (ADR 42). The pages' policy
// refuses eval: zod's compiled parsers would need it, and its probe for it is reported as a policy
// violation even though zod then falls back to the parsers it interprets.
import { z } from 'zod';

z.config({ jitless: true });
