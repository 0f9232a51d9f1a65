import type { CasinoRoundResult } from '@exchange/contracts';
import { useState } from 'react';
import { Modal } from '@/components';
import { formatIst } from '@/lib/format';
import { commitmentHolds } from '../lib/fairness';
import { CardRow } from './playing-card';

/** A finished round: each hand's cards, the winner, the deal order and the fairness proof. */
export function RoundModal({ round, onClose }: { round: CasinoRoundResult; onClose: () => void }) {
  return (
    <Modal
      title={`${round.gamename} · Round ${round.roundId}`}
      onClose={onClose}
      testId="round-modal"
      size="lg"
    >
      <div className="round-detail">
        <p className="round-detail__when muted">{formatIst(round.settledAt)}</p>
        <table className="table round-detail__hands">
          <tbody>
            {round.hands.map((hand) => (
              <tr
                key={hand.name}
                className={hand.name === round.winner ? 'round-detail__winner-row' : undefined}
              >
                <th scope="row">{hand.name}</th>
                <td>
                  <CardRow cards={hand.cards} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="round-detail__winner" data-testid="round-winner">
          Winner: <strong>{round.winner}</strong>
        </p>
        {round.description && <p className="muted">{round.description}</p>}
        <p className="round-detail__deal">
          <span className="muted">Dealt in order: </span>
          <CardRow cards={round.cards} />
        </p>
        <FairnessProof proof={round.proof} />
      </div>
    </Modal>
  );
}

function FairnessProof({ proof }: { proof: CasinoRoundResult['proof'] }) {
  const [verdict, setVerdict] = useState<'idle' | 'checking' | 'ok' | 'failed'>('idle');
  const check = async () => {
    setVerdict('checking');
    setVerdict((await commitmentHolds(proof).catch(() => false)) ? 'ok' : 'failed');
  };
  return (
    <section className="fair-proof" data-testid="fairness-proof">
      <h3 className="fair-proof__title">Fairness proof</h3>
      <dl className="fair-proof__list">
        <dt>Hash (shown before betting)</dt>
        <dd>{proof.hash}</dd>
        <dt>Server seed (revealed)</dt>
        <dd>{proof.serverSeed}</dd>
        <dt>Client seed</dt>
        <dd>{proof.clientSeed}</dd>
        <dt>Chain terminal hash</dt>
        <dd>{proof.chainTerminalHash}</dd>
        <dt>Deck · HMAC blocks</dt>
        <dd>
          {proof.deck} · {proof.cursors}
        </dd>
      </dl>
      <div className="fair-proof__check">
        <button
          type="button"
          className="btn btn--small"
          onClick={() => void check()}
          disabled={verdict === 'checking'}
          data-testid="verify-commitment"
        >
          Verify hash
        </button>
        {verdict === 'ok' && (
          <span className="profit" data-testid="verify-result">
            ✓ SHA-256(server seed) equals the hash shown before betting
          </span>
        )}
        {verdict === 'failed' && (
          <span className="loss" data-testid="verify-result">
            ✗ The server seed does not match the hash
          </span>
        )}
      </div>
      <p className="muted fair-proof__how">
        The cards are HMAC-SHA256(server seed, client seed:round:cursor) read 4 bytes at a time, each drawing
        one card from the deck in its canonical order. The game page recomputes the whole deal.
      </p>
    </section>
  );
}
