import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, openPglite } from './client';

describe('the embedded database folder', () => {
  it('creates missing folders and refuses a second opener while the first holds it', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hb-lock-')), 'nested', 'data');
    const first = await openPglite(dir);
    fs.writeFileSync(path.join(dir, 'haulboard.lock'), String(process.ppid)); // a live process that is not us
    await expect(openPglite(dir)).rejects.toThrowError(DataDirLockedError);
    fs.writeFileSync(path.join(dir, 'haulboard.lock'), String(process.pid));
    await first.close();
    expect(fs.existsSync(path.join(dir, 'haulboard.lock'))).toBe(false);
  });

  it('takes over a lock left behind by a process that is gone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-stale-'));
    fs.writeFileSync(path.join(dir, 'haulboard.lock'), '999999');
    const db = await openPglite(dir);
    expect(await db.ping()).toBe(true);
    await db.close();
  });
});
