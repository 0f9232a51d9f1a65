import { Modal } from '@/components';
import { RulesContent } from '@/features/rules';

export function RulesModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Rules" onClose={onClose} testId="rules-modal" size="lg">
      <RulesContent />
    </Modal>
  );
}
