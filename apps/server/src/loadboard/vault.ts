import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The session vault's cipher: the external board's cookies and CSRF tokens are kept encrypted at
 * rest with AES-256-GCM. Each value records which key sealed it (`v1.<keyId>.<iv>.<tag>.<data>`),
 * so keys can be rotated: the current key seals, previous keys still open, and a start-up pass
 * re-seals what an old key sealed. Plain text never leaves this module except to the board client.
 */
export type TVault = {
  seal(plain: string): string;
  open(sealed: string): string;
  /** The id of the key that sealed a value ('' when it is not a sealed value). */
  keyIdOf(sealed: string): string;
  currentKeyId: string;
};

export class VaultKeyError extends Error {}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

/** A key from configuration: 64 hex characters or base64 of 32 bytes; anything else is refused. */
export function parseKey(text: string, name = 'HAULBOARD_SECRET_KEY'): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) {
    throw new VaultKeyError(`${name} must be 32 random bytes, as 64 hex characters or base64 (for example: openssl rand -hex 32)`);
  }
  return key;
}

export function createVault(current: Buffer, previous: Buffer[] = []): TVault {
  const keys = new Map([current, ...previous].map((k) => [keyIdOf(k), k]));
  const currentKeyId = keyIdOf(current);
  return {
    currentKeyId,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', currentKeyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, keyId, iv, tag, data] = sealed.split('.');
      const key = keys.get(keyId);
      if (version !== 'v1' || !key) throw new VaultKeyError('A stored secret was sealed with a key this server does not have (HAULBOARD_SECRET_KEY_PREVIOUS?)');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    keyIdOf: (sealed) => (sealed.startsWith('v1.') ? sealed.split('.')[1] : ''),
  };
}

/**
 * The vault of a server: the configured key (production requires one), or in development a key
 * generated once and kept beside the embedded database (`<dataDir>/secret.key`, readable by the
 * owner only), so stored sessions survive restarts without any setup.
 */
export function vaultFromConfig(config: { secretKey?: string; previousSecretKeys: string[]; dataDir: string; production: boolean }): TVault {
  const previous = config.previousSecretKeys.map((k) => parseKey(k, 'HAULBOARD_SECRET_KEY_PREVIOUS'));
  if (config.secretKey) return createVault(parseKey(config.secretKey), previous);
  if (config.production) throw new VaultKeyError('Production mode needs HAULBOARD_SECRET_KEY (for example: openssl rand -hex 32)');
  const file = path.join(config.dataDir, 'secret.key');
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  return createVault(parseKey(fs.readFileSync(file, 'utf8')), previous);
}
