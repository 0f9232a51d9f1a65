import { toast } from 'sonner';
import { copyText } from '@/lib/clipboard';

/** Copies `text` and says so in a toast (or that it could not, so the user copies by hand). */
export function CopyButton({
  text,
  label,
  done,
  testId,
}: {
  text: string;
  label: string;
  done: string;
  testId: string;
}) {
  const copy = async () => {
    if (await copyText(text)) toast.success(done);
    else toast.error('Could not copy: select the text and copy it yourself');
  };
  return (
    <button
      type="button"
      className="btn btn--small btn--secondary"
      onClick={() => void copy()}
      data-testid={testId}
    >
      {label}
    </button>
  );
}
