import { describe, expect, it } from 'vitest';
import { ZRegisterForm } from './auth';
import { ZBrokerForm } from './brokers';
import { dotField, emailField, FORMAT_TEXT, mcField, phoneField, textLimitsOf, zipField } from './fields';
import { ZLoadForm } from './loads';
import { ZUserForm } from './users';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

describe('contact formats, one rule for every form', () => {
  it('phone: digits with + ( ) - . and spaces, 7 to 15 digits, the field’s length limit', () => {
    const phone = phoneField('Field is required', 10, 'Phone number is at most 10 characters');
    expect(messageOf(phone.safeParse('5125550100'))).toBeNull();
    expect(messageOf(phone.safeParse('512-5550'))).toBeNull();
    expect(phone.safeParse('').error?.issues.map((i) => i.message)).toEqual(['Field is required']);
    expect(messageOf(phone.safeParse('call me 😀'))).toBe(FORMAT_TEXT.phone);
    expect(messageOf(phone.safeParse('12345'))).toBe(FORMAT_TEXT.phone);
    expect(messageOf(phone.safeParse('12345678901'))).toBe('Phone number is at most 10 characters');
    expect(messageOf(phoneField('Required', 20).safeParse('+1 (512) 555-0100'))).toBeNull();
  });

  it('register and user edit cap the phone at the same 10 characters', () => {
    const reg = ZRegisterForm.safeParse({ companyId: 1, phoneNumber: '123456789012345' });
    const user = ZUserForm.safeParse({ userId: 1, firstName: 'A', lastName: 'B', phoneNumber: '123456789012345', userRoles: [1], userCompanies: [1] });
    expect(messageOf(reg)).toBe('Phone number is at most 10 characters');
    expect(messageOf(user)).toBe('Phone number is at most 10 characters');
  });

  it('ZIP: 5 digits, ZIP+4 or a Canadian postal code', () => {
    const zip = zipField('ZipCode is required');
    for (const ok of ['75201', '75201-1234', 'M5V 2T6', 'k1a0b1']) expect(messageOf(zip.safeParse(ok)), ok).toBeNull();
    for (const bad of ['abcde', '7520', '752011', '75201-12']) expect(messageOf(zip.safeParse(bad)), bad).toBe(FORMAT_TEXT.zip);
    expect(messageOf(zip.safeParse(''))).toBe('ZipCode is required');
  });

  it('MC and DOT: up to 8 digits (MC may carry its prefix); empty is allowed', () => {
    for (const ok of ['123456', 'MC-123456', 'mc 12345678', '', null]) expect(messageOf(mcField().safeParse(ok)), String(ok)).toBeNull();
    for (const bad of ['-1', 'MC-123456789', 'abc']) expect(messageOf(mcField().safeParse(bad)), bad).toBe(FORMAT_TEXT.mc);
    for (const ok of ['2981044', '', null]) expect(messageOf(dotField().safeParse(ok)), String(ok)).toBeNull();
    for (const bad of ['-1', '123456789', 'DOT1']) expect(messageOf(dotField().safeParse(bad)), bad).toBe(FORMAT_TEXT.dot);
  });

  it('email: one address with a domain, trimmed; the field’s message when missing and its length limit', () => {
    const email = emailField('Field is required', 40);
    for (const ok of ['dispatch@heron.test', 'a.b+loads@mail.example.com', '  ops@x.io  ']) expect(messageOf(email.safeParse(ok)), ok).toBeNull();
    expect(email.parse('  ops@x.io  ')).toBe('ops@x.io');
    for (const bad of ['dispatch', 'dispatch@', '@heron.test', 'a@b', 'two@x.test, three@x.test', 'call me@x', 'a b@x.test'])
      expect(messageOf(email.safeParse(bad)), bad).toBe(FORMAT_TEXT.email);
    expect(messageOf(email.safeParse(''))).toBe('Field is required');
    expect(messageOf(email.safeParse('   '))).toBe('Field is required');
    expect(messageOf(email.safeParse(`${'a'.repeat(40)}@x.test`))).toBe('At most 40 characters');
  });

  it('the broker form uses them', () => {
    const base = { brokerName: 'B', brokerAddress: 'A', brokerCity: 'Dallas', brokerStateId: 44, brokerZipCode: '75201', phoneNumber: '2145550100', email: 'b@x.test' };
    expect(ZBrokerForm.safeParse(base).success).toBe(true);
    expect(messageOf(ZBrokerForm.safeParse({ ...base, brokerZipCode: 'abcde' }))).toBe(FORMAT_TEXT.zip);
    expect(messageOf(ZBrokerForm.safeParse({ ...base, phoneNumber: 'call me 😀' }))).toBe(FORMAT_TEXT.phone);
    expect(messageOf(ZBrokerForm.safeParse({ ...base, dotNumber: '-1' }))).toBe(FORMAT_TEXT.dot);
    expect(messageOf(ZBrokerForm.safeParse({ ...base, email: 'broker at heron' }))).toBe(FORMAT_TEXT.email);
    expect(messageOf(ZBrokerForm.safeParse({ ...base, email: '' }))).toBe('Required');
  });

  it('a form’s text limits are read from its schema, for the forms to show as the person types', () => {
    const max = (limits: Record<string, { max: number }>) => Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, v.max]));
    expect(max(textLimitsOf(ZBrokerForm))).toMatchObject({ brokerName: 200, brokerCity: 100, brokerZipCode: 20, phoneNumber: 20, email: 255, mcNumber: 30, comments: 2000 });
    expect(textLimitsOf(ZBrokerForm).brokerName.message).toBe('At most 200 characters');
    expect(textLimitsOf(ZBrokerForm)).not.toHaveProperty('brokerStateId');
    // A field with its own wording for the limit keeps it.
    expect(textLimitsOf(ZUserForm).phoneNumber).toEqual({ max: 10, message: 'Phone number is at most 10 characters' });
    const load = textLimitsOf(ZLoadForm);
    expect(max(load)).toMatchObject({ loadNumber: 50, originCity: 100, destinationCity: 100, comments: 2000 });
    expect(load).not.toHaveProperty('tripLength');
    expect(load).not.toHaveProperty('updatedOn');
  });
});
