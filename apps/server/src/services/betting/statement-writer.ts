import { writeBetTransaction, type BetWriter } from './writer.ts';

/** Placeholder until the one-statement writer lands: the transactional writer. */
export const writeBetStatement: BetWriter = (db, plan) => writeBetTransaction(db, plan);
