import '../../test/setup';
import type { TBroker, TPermission } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, unauthenticated, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./broker-admin-page'), 120_000);

const withLoads: TBroker = {
  brokerId: 1,
  brokerName: 'Blue Heron Freight Brokers',
  brokerAddress: '101 E Kennedy Blvd',
  brokerCity: 'Tampa',
  brokerStateId: 10,
  brokerStateName: 'Florida',
  brokerZipCode: '33602',
  phoneNumber: '8135550143',
  email: 'dispatch@blueheronfreight.test',
  mcNumber: '912377',
  dotNumber: '3377210',
  comments: null,
  isActive: true,
  fullAddress: '101 E Kennedy Blvd, Tampa, FL 33602',
  hasLoads: true,
  updatedOn: '2026-11-20T10:00:00.000Z',
};
const unused: TBroker = { ...withLoads, brokerId: 2, brokerName: 'Lone Pine Shipping Co', hasLoads: false, isActive: false };

const STATES = [
  { label: 'Arizona', value: 3 },
  { label: 'California', value: 5 },
  { label: 'Florida', value: 10 },
];

const brokerAdmin = (accessType: TPermission['accessType']) =>
  userFixture('dispatcher', { userPermissibleObjects: [{ objectName: 'BrokerAdmin', accessType, isMenuVisible: true }] });

const api = (extra: Record<string, unknown> = {}, me = userFixture('admin')) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: me },
    'GET /api/Broker': { json: [withLoads, unused] },
    'GET /api/Lookup/GetStates': { json: STATES },
    ...(extra as object),
  });

async function openAdd() {
  fireEvent.click(await screen.findByRole('button', { name: /Add broker/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Add broker' });
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /State/ }).textContent).toBe('California'));
  return dialog;
}

const fill = (dialog: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('broker admin (spec §2 broker-admin, §5 Broker, §6)', () => {
  it('lists brokers with full address, MC, DOT and Yes/No active', async () => {
    api();
    renderApp('/app/broker-admin');
    expect(await screen.findByRole('heading', { name: 'Broker Management' })).toBeTruthy();
    const row = (await screen.findByText('Blue Heron Freight Brokers')).closest('tr')!;
    expect(row.textContent).toContain('101 E Kennedy Blvd');
    expect(row.textContent).toContain('Tampa, FL 33602');
    expect(row.textContent).toContain('912377');
    expect(row.textContent).toContain('Yes');
    expect(screen.getByText('Lone Pine Shipping Co').closest('tr')!.textContent).toContain('No');
    expect(screen.getByText('Rows per page:').parentElement?.textContent).toContain('100');
  });

  it('adds a broker: Save waits for a valid form, state 5 by default, every spec message', async () => {
    const calls = api({ 'POST /api/Broker/AddUpdateBroker': { text: 'Broker updated successfully' } });
    renderApp('/app/broker-admin');
    const dialog = await openAdd();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    for (const label of [/Broker name/, /Address/, /City/, /Zip code/, /Phone number/, /Email/]) {
      fireEvent.blur(within(dialog).getByLabelText(label));
    }
    for (const message of ['Brokers name is required', 'Address is required', 'City is required', 'ZipCode is required']) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    fill(dialog, /Broker name/, 'Sunbelt Brokerage');
    fill(dialog, /Address/, '1 Main St');
    fill(dialog, /City/, 'Fresno');
    fill(dialog, /Zip code/, '93701');
    fill(dialog, /Phone number/, '5595550100');
    fill(dialog, /Email/, 'ops@sunbelt.test');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Broker updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/Broker/AddUpdateBroker')?.body).toMatchObject({
      brokerId: null,
      brokerName: 'Sunbelt Brokerage',
      brokerStateId: 5,
      isActive: true,
      mcNumber: null,
      updatedOn: null,
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/Broker').length).toBe(2));
  });

  it('edits with its version and the Active radio when the user has Write', async () => {
    const calls = api({ 'POST /api/Broker/AddUpdateBroker': { text: 'Broker updated successfully' } });
    renderApp('/app/broker-admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Blue Heron Freight Brokers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit broker' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'No' }));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Broker updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/Broker/AddUpdateBroker')?.body).toMatchObject({
      brokerId: 1,
      brokerStateId: 10,
      isActive: false,
      updatedOn: withLoads.updatedOn,
    });
  });

  it('with DenyDelete: edit without the Active radio, no delete', async () => {
    api({}, brokerAdmin('DenyDelete'));
    renderApp('/app/broker-admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Blue Heron Freight Brokers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit broker' });
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('with Read: neither add, edit nor delete', async () => {
    api({}, brokerAdmin('Read'));
    renderApp('/app/broker-admin');
    expect(await screen.findByText('Blue Heron Freight Brokers')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add broker/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('asks before deleting and shows a refusal as an error toast', async () => {
    const calls = api({
      'DELETE /api/Broker/DeleteBroker': (_body: unknown, url: URL) =>
        url.searchParams.get('brokerId') === '1'
          ? { status: 409, text: 'ERROR Blue Heron Freight Brokers has loads and cannot be deleted. Mark the broker inactive instead.' }
          : { text: 'Broker deleted successfully' },
    });
    renderApp('/app/broker-admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Blue Heron Freight Brokers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete broker' });
    expect(confirm.textContent).toContain('Are you sure you want to delete Blue Heron Freight Brokers');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const refusal = await screen.findByText(/Blue Heron Freight Brokers has loads/);
    expect(refusal.closest('.Toastify__toast')?.className).toContain('--error');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete Lone Pine Shipping Co' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete broker' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Broker deleted successfully')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/Broker/DeleteBroker?brokerId=1',
      '/api/Broker/DeleteBroker?brokerId=2',
    ]);
  });

  it('keeps an edited broker typed when the session ends, and reopens its edit after signing in (issue 8 #6)', async () => {
    window.sessionStorage.clear();
    const first = api({ 'POST /api/Broker/AddUpdateBroker': unauthenticated });
    const before = renderApp('/app/broker-admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Blue Heron Freight Brokers' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit broker' });
    fill(dialog, /City/, 'Orlando');
    fill(dialog, /Comments/, 'Call before noon');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    // The 401 ends the session: the person is sent to sign in.
    await waitFor(() => expect(before.location()).toMatch(/^\/login/));
    expect(first.some((c) => c.path === '/api/Broker/AddUpdateBroker')).toBe(true);
    before.unmount();

    // Signed in again, the page loads afresh: the same broker's edit opens with what was typed.
    const calls = api({ 'POST /api/Broker/AddUpdateBroker': { text: 'Broker updated successfully' } });
    renderApp('/app/broker-admin');
    dialog = await screen.findByRole('dialog', { name: 'Edit broker' });
    expect(within(dialog).getByText('Brought back what you typed before your session ended. It is not saved yet.')).toBeTruthy();
    expect((within(dialog).getByLabelText(/City/) as HTMLInputElement).value).toBe('Orlando');
    expect((within(dialog).getByLabelText(/Comments/) as HTMLInputElement).value).toBe('Call before noon');
    expect((within(dialog).getByLabelText(/Broker name/) as HTMLInputElement).value).toBe('Blue Heron Freight Brokers');
    // The draft is used once: it is gone from the tab's storage.
    expect(Object.keys(window.sessionStorage).filter((k) => k.startsWith('haulboard:draft:'))).toEqual([]);
    const again = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(again.hasAttribute('disabled')).toBe(false));
    fireEvent.click(again);
    expect(await screen.findByText('Broker updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/Broker/AddUpdateBroker')?.body).toMatchObject({ brokerId: 1, brokerCity: 'Orlando', comments: 'Call before noon' });
  });

  it('drops the draft of a broker that no longer exists instead of opening it', async () => {
    window.sessionStorage.clear();
    api({ 'POST /api/Broker/AddUpdateBroker': unauthenticated });
    const before = renderApp('/app/broker-admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lone Pine Shipping Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit broker' });
    fill(dialog, /City/, 'Orlando');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(before.location()).toMatch(/^\/login/));
    before.unmount();

    mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('admin') },
      'GET /api/Broker': { json: [withLoads] },
      'GET /api/Lookup/GetStates': { json: STATES },
    });
    renderApp('/app/broker-admin');
    expect(await screen.findByText('Blue Heron Freight Brokers')).toBeTruthy();
    await waitFor(() => expect(Object.keys(window.sessionStorage).filter((k) => k.startsWith('haulboard:draft:'))).toEqual([]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** A server that answers after a moment: a second click lands while the first request runs. */
const slow =
  (reply: { status?: number; text: string }, ms = 60) =>
  () =>
    new Promise<{ status?: number; text: string }>((resolve) => setTimeout(() => resolve(reply), ms));

describe('a form a dispatcher can trust (issue #8)', () => {
  async function fillNewBroker(dialog: HTMLElement, name: string) {
    fill(dialog, /Broker name/, name);
    fill(dialog, /Address/, '1 Main St');
    fill(dialog, /City/, 'Fresno');
    fill(dialog, /Zip code/, '93701');
    fill(dialog, /Phone number/, '5595550100');
    fill(dialog, /Email/, 'ops@sunbelt.test');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    return save;
  }

  it('a double click on Save sends one POST with an idempotency key; a reopened dialog has a new key', async () => {
    const calls = api({ 'POST /api/Broker/AddUpdateBroker': slow({ text: 'Broker updated successfully' }) });
    renderApp('/app/broker-admin');
    let save = await fillNewBroker(await openAdd(), 'Sunbelt Brokerage');
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText('Broker updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = () => calls.filter((c) => c.path === '/api/Broker/AddUpdateBroker');
    expect(posts()).toHaveLength(1);
    const firstKey = posts()[0].headers['idempotency-key'];
    expect(firstKey).toMatch(/\S{16,}/);

    save = await fillNewBroker(await openAdd(), 'Second Sunbelt');
    fireEvent.click(save);
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1].headers['idempotency-key']).toMatch(/\S{16,}/);
    expect(posts()[1].headers['idempotency-key']).not.toBe(firstKey);
  });

  it('a double click on a delete confirm sends one DELETE, with a key, and says deleted once', async () => {
    const calls = api({ 'DELETE /api/Broker/DeleteBroker': slow({ text: 'Broker deleted successfully' }) });
    renderApp('/app/broker-admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Lone Pine Shipping Co' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete broker' })).getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Broker deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0].headers['idempotency-key']).toMatch(/\S{16,}/);
    expect(screen.getAllByText('Broker deleted successfully')).toHaveLength(1);
  });

  it('says a text is too long as the person types, before they leave the field, and keeps every character', async () => {
    api();
    renderApp('/app/broker-admin');
    const dialog = await openAdd();
    const name = within(dialog).getByLabelText(/Broker name/) as HTMLInputElement;
    name.focus();
    fireEvent.change(name, { target: { value: 'B'.repeat(201) } });
    expect(await within(dialog).findByText('At most 200 characters')).toBeTruthy();
    expect(name.value).toHaveLength(201);
    expect(document.activeElement).toBe(name);
    const city = within(dialog).getByLabelText(/City/);
    fireEvent.change(city, { target: { value: 'C'.repeat(101) } });
    expect(await within(dialog).findByText('At most 100 characters')).toBeTruthy();
    // Back within the limit, the message goes as the person types too.
    fireEvent.change(city, { target: { value: 'Fresno' } });
    await waitFor(() => expect(within(dialog).queryByText('At most 100 characters')).toBeNull());
  });
});
