/** Pure helpers of the security-auth page: the QR image, the secret as read aloud, the codes file. */

/**
 * The server's QR code (an SVG document) as an image source. An SVG in <img> is drawn as a
 * picture: no script in it runs and nothing in it reaches the page, unlike markup put inline.
 */
export function qrImageSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A base32 secret in groups of four, as authenticator apps print it and accept it typed. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The text file of the backup codes: who they are for, when made, how to use them. */
export function backupCodesFile(userName: string, codes: readonly string[], madeAt: string): string {
  return [
    `Security Auth backup codes for ${userName}`,
    `Made ${madeAt} (IST)`,
    '',
    'Each code logs you in once, in place of the 6-digit code from your authenticator app.',
    'Keep them somewhere safe and private.',
    '',
    ...codes.map((c, i) => `${String(i + 1).padStart(2, ' ')}. ${c}`),
    '',
  ].join('\n');
}

export const backupCodesFileName = (userName: string) => `security-auth-backup-codes-${userName}.txt`;
