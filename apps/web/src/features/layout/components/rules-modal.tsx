import type { ReactNode } from 'react';
import { Modal } from '@/components';

/** The header's Rules modal around the rules (features/rules' content, passed in by the app). */
export function RulesModal({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <Modal title="Rules" onClose={onClose} testId="rules-modal" size="lg">
      {children}
    </Modal>
  );
}
