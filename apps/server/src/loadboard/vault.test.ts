import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVault, parseKey, VaultKeyError, vaultFromConfig } from './vault';

const key = (byte: number) => Buffer.alloc(32, byte);

describe('the session vault cipher', () => {
  it('seals so that the text is unreadable, and opens it again', () => {
    const vault = createVault(key(1));
    const sealed = vault.seal('session-id=123-4567890; at-main=Atza|secret');
    expect(sealed).not.toContain('secret');
    expect(sealed.startsWith(`v1.${vault.currentKeyId}.`)).toBe(true);
    expect(vault.open(sealed)).toBe('session-id=123-4567890; at-main=Atza|secret');
    expect(vault.seal('same')).not.toBe(vault.seal('same'));
  });

  it('refuses a tampered value and a value sealed with an unknown key', () => {
    const vault = createVault(key(1));
    const sealed = vault.seal('token');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(() => vault.open(parts.join('.'))).toThrow();
    expect(() => createVault(key(2)).open(sealed)).toThrow(VaultKeyError);
  });

  it('rotates: a new key opens what the previous key sealed, and reseals under its own id', () => {
    const old = createVault(key(1));
    const sealed = old.seal('cookie');
    const rotated = createVault(key(2), [key(1)]);
    expect(rotated.open(sealed)).toBe('cookie');
    expect(rotated.keyIdOf(sealed)).not.toBe(rotated.currentKeyId);
    expect(rotated.keyIdOf(rotated.seal('cookie'))).toBe(rotated.currentKeyId);
  });

  it('reads keys as hex or base64 and refuses anything else', () => {
    expect(parseKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseKey(key(7).toString('base64'))).toHaveLength(32);
    expect(() => parseKey('too short')).toThrow(/32 random bytes/);
  });

  it('keeps a generated development key in the data folder, and needs a configured key in production', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-vault-'));
    const first = vaultFromConfig({ dataDir, previousSecretKeys: [], production: false });
    const again = vaultFromConfig({ dataDir, previousSecretKeys: [], production: false });
    expect(again.open(first.seal('x'))).toBe('x');
    expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o077).toBe(0);
    expect(() => vaultFromConfig({ dataDir, previousSecretKeys: [], production: true })).toThrow(/Production mode needs HAULBOARD_SECRET_KEY/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
