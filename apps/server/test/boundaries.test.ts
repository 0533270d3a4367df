import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain script without type declarations
import { findViolations } from '../../../scripts/check-boundaries.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const planted = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
afterAll(() => fs.rmSync(planted, { recursive: true, force: true }));

function write(rel: string, text: string) {
  const file = path.join(planted, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

describe('import boundaries', () => {
  it('hold in this codebase: no feature imports another, no module reaches into another', () => {
    expect(findViolations(repoRoot)).toEqual([]);
  });

  it('catch planted violations of each rule, and let the allowed imports pass', () => {
    write('apps/web/src/features/loads/page.tsx', "import { X } from '../brokers/components/x';\nimport { Y } from './y';\nimport { Z } from '../../components/z';\n");
    write('apps/web/src/features/brokers/components/x.tsx', 'export const X = 1;\n');
    write('apps/server/src/modules/loads/service.ts', "import { a } from '../brokers/queries';\nimport { b } from '../brokers';\nimport { c } from '../brokers/index';\nimport { d } from './queries';\n");
    write('apps/server/src/lib/helper.ts', "export { e } from '../modules/loads';\n");
    write('apps/server/src/db/seed/demo.ts', "import { f } from '../../modules/loads';\n");
    write('apps/server/src/jobs/tick.ts', "const g = await import('../modules/loads/engine');\n");
    expect(findViolations(planted)).toEqual(
      [
      "apps/web/src/features/loads/page.tsx imports feature 'brokers' (apps/web/src/features/brokers/components/x)",
      "apps/server/src/jobs/tick.ts reaches into module 'loads' (apps/server/src/modules/loads/engine); import 'loads' through its index",
      "apps/server/src/lib/helper.ts (shared layer lib/) imports module 'loads'",
      "apps/server/src/modules/loads/service.ts reaches into module 'brokers' (apps/server/src/modules/brokers/queries); import 'brokers' through its index",
      ].sort(),
    );
  });
});
