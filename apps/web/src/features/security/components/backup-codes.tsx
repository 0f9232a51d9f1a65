import { formatIst } from '@/lib/format';
import { getStoredUser } from '@/lib/storage';
import { backupCodesFile, backupCodesFileName } from '../lib/security-auth';
import { downloadText } from '@/lib/clipboard';
import { CopyButton } from './copy-button';

/**
 * The ten one-time backup codes, right after Security Auth went on. The server never shows them
 * again, so the page says so plainly and offers copy and a .txt download before moving on.
 */
export function BackupCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const userName = getStoredUser()?.user_name ?? 'user';
  const file = () => backupCodesFile(userName, codes, formatIst(new Date()));
  return (
    <div className="sec-backup" data-testid="security-auth-backup">
      <p className="sec-status">
        Status: <span className="sec-badge sec-badge--on">Enabled</span>
      </p>
      <div className="sec-warning" role="alert">
        <strong>Save these backup codes now.</strong> They are shown only this once. If you lose your phone,
        each code logs you in one time in place of the app's code.
      </div>
      <ol className="sec-backup__codes" data-testid="security-auth-backup-codes">
        {codes.map((c, i) => (
          <li key={c}>
            <span className="sec-backup__n" aria-hidden="true">
              {i + 1}.
            </span>
            <code data-testid="security-auth-backup-code">{c}</code>
          </li>
        ))}
      </ol>
      <div className="sec-backup__actions">
        <CopyButton
          text={codes.join('\n')}
          label="Copy codes"
          done="Backup codes copied"
          testId="security-auth-copy-codes"
        />
        <button
          type="button"
          className="btn btn--small btn--secondary"
          onClick={() => downloadText(backupCodesFileName(userName), file())}
          data-testid="security-auth-download-codes"
        >
          Download .txt
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={onDone}
          data-testid="security-auth-codes-saved"
        >
          I have saved them
        </button>
      </div>
    </div>
  );
}
