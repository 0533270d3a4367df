import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { editId, filterId, idList, optionalId, requiredId, ZIdQuery } from './fields';
import { loadOrderRoutes } from './load-orders';
import { ZSetPermission } from './permissions';

/** Ids are decimal digits (or JSON integers): Number() would read '0x10' as 16 and delete load 16. */
const NOT_IDS = ['0x10', '1e1', ' 16', '16 ', '16.0', '+16', '-16', '0b10', '0o20', '1_6', '١٦', 'Infinity'];

describe('id fields accept decimal digits only', () => {
  it('requiredId reads digits and JSON integers', () => {
    expect(ZIdQuery.parse({ id: '16' })).toEqual({ id: 16 });
    expect(ZIdQuery.parse({ id: 16 })).toEqual({ id: 16 });
    expect(ZIdQuery.parse({ id: '007' })).toEqual({ id: 7 });
  });

  it.each(NOT_IDS)('requiredId refuses %j with the field message', (text) => {
    const r = ZIdQuery.safeParse({ id: text });
    expect(r.success).toBe(false);
    expect(z.flattenError(r.error!).fieldErrors.id).toEqual(['Field is required']);
  });

  it.each(NOT_IDS)('the optional, filter, edit and list ids refuse %j too', (text) => {
    for (const schema of [optionalId(), filterId(), editId()]) expect(schema.safeParse(text).success).toBe(false);
    expect(idList().safeParse([text]).success).toBe(false);
  });

  it('keeps blank meaning none for the optional ids, and refuses fractions and negatives given as numbers', () => {
    expect(filterId().parse('')).toBeNull();
    expect(editId().parse(null)).toBeNull();
    expect(optionalId().parse(undefined)).toBeUndefined();
    expect(filterId().parse('12')).toBe(12);
    expect(requiredId().safeParse(16.5).success).toBe(false);
    expect(requiredId().safeParse(-1).success).toBe(false);
  });

  it('role ids and timeline cursors follow the same rule', () => {
    const permission = { objectName: 'LoadBoardPage', accessType: 'Read', isMenuVisible: true };
    expect(ZSetPermission.safeParse({ ...permission, roleId: '2' }).success).toBe(true);
    expect(ZSetPermission.safeParse({ ...permission, roleId: '0x2' }).success).toBe(false);
    const after = loadOrderRoutes.getAlerts.query;
    expect(after.safeParse({ after: '16' }).data).toEqual({ after: 16 });
    expect(after.safeParse({ after: '0x10' }).success).toBe(false);
  });
});
