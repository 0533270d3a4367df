import '../../test/setup';
import { DEFAULT_PERMISSION_MATRIX, PERMISSIBLE_OBJECTS, ROLE_NAMES, type TPermissionRow, type TWorkWeek } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { media } from '../../test/setup';

beforeAll(() => import('./system-admin-page'), 120_000);

const year = new Date().getFullYear();
const weeks: TWorkWeek[] = [
  { weekId: 53, year, number: 1, startDate: `${year}-01-05`, endDate: `${year}-01-11` },
  { weekId: 54, year, number: 2, startDate: `${year}-01-12`, endDate: `${year}-01-18` },
];

/** The default matrix as the server answers it, with Drivers given Read on BrokerAdmin. */
const matrix = (): TPermissionRow[] =>
  [1, 2, 3].flatMap((roleId) =>
    PERMISSIBLE_OBJECTS.map((objectName) => {
      const d = DEFAULT_PERMISSION_MATRIX[roleId as 1 | 2 | 3][objectName] ?? { accessType: 'None' as const, isMenuVisible: false };
      const changed = roleId === 3 && objectName === 'BrokerAdmin';
      return {
        roleId,
        roleName: ROLE_NAMES[roleId],
        objectName,
        accessType: changed ? 'Read' : d.accessType,
        isMenuVisible: changed ? true : d.isMenuVisible,
        isDefault: !changed,
        defaultAccessType: d.accessType,
        defaultIsMenuVisible: d.isMenuVisible,
      };
    }),
  );

const api = (extra: Record<string, unknown> = {}, me = userFixture('admin')) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: me },
    'GET /api/General/GetWorkWeeks': (_b: unknown, url: URL) => ({ json: url.searchParams.get('year') === String(year) ? weeks : [] }),
    'GET /api/General/GetWorkYears': { json: [year - 3, year, year + 1] },
    'GET /api/General/GetServiceUrl': { text: 'https://relay.example.com' },
    'GET /api/General/GetPermissions': { json: matrix() },
    ...(extra as object),
  });

const toastOf = async (text: string | RegExp) => (await screen.findByText(text)).closest('.Toastify__toast')?.className ?? '';

describe('system admin: work weeks', () => {
  it("shows the current year's weeks; generating asks first about the server's warnings and sends nothing it would refuse", async () => {
    const next = year + 1;
    const plan = (date: string) => ({ year: Number(date.slice(0, 4)), weeks: 52, startDate: date, endDate: `${next}-12-31`, warnings: [] as string[], refusal: null as string | null });
    const GAP = `2 days between Week 52 (12/28/${year} - 01/03/${next}) of ${year} and the new first week (01/04/${next} - 01/05/${next}) would be in no work week: loads, expenses and fuel on those days would have no week.`;
    const calls = api({
      'GET /api/General/PlanWorkWeeks': (_b: unknown, url: URL) => {
        const date = url.searchParams.get('date')!;
        if (date === `${next}-01-06`) return { json: { ...plan(date), warnings: [GAP, `Your work weeks start on Mondays; 01/06/${next} is a Wednesday.`] } };
        if (date === `${next + 1}-01-03`) return { json: { ...plan(date), refusal: `The new weeks (01/03/${next + 1} - 01/01/${next + 2}) would overlap Week 1 of ${next + 1}.` } };
        return { json: plan(date) };
      },
      'POST /api/General/GenerateWorkWeeks': (_b: unknown, url: URL) =>
        url.searchParams.get('date') === `${next}-01-04` ? { text: 'Weeks generated successfully' } : { status: 409, text: `ERROR Work weeks for ${next} already exist.` },
    });
    renderApp('/app/system-admin');
    expect(await screen.findByRole('heading', { name: 'System Management' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Year' }).textContent).toBe(String(year));
    expect((await screen.findByText('01/05/' + year)).closest('tr')!.textContent).toContain('01/11/' + year);
    const date = screen.getByLabelText('First day of week 1');
    const generated = () => calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/General/GenerateWorkWeeks')).map((c) => c.path);

    // A refusal of the server shows under the date and nothing is sent.
    fireEvent.change(date, { target: { value: `${next + 1}-01-03` } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/would overlap Week 1 of \d{4}\./)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Any year from 2000 to two years ahead: three years ahead is refused here, before any request.
    const planned = () => calls.filter((c) => c.path.startsWith('/api/General/PlanWorkWeeks')).length;
    const asked = planned();
    fireEvent.change(date, { target: { value: `${year + 3}-01-05` } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(`Choose a date from 2000 to ${year + 2}`)).toBeTruthy();
    expect(planned()).toBe(asked);
    expect(date.getAttribute('max')).toBe(`${year + 2}-12-31`);

    // A Wednesday after a gap: both warnings, asked first; Cancel sends nothing.
    fireEvent.change(date, { target: { value: `${next}-01-06` } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    let ask = await screen.findByRole('dialog', { name: 'Generate these work weeks?' });
    expect(ask.textContent).toContain(GAP);
    expect(ask.textContent).toContain(`01/06/${next} is a Wednesday.`);
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(generated()).toEqual([]);

    // Confirmed anyway: the server's refusal is an error toast.
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    ask = await screen.findByRole('dialog', { name: 'Generate these work weeks?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Generate' }));
    expect(await toastOf(/Work weeks for/)).toContain('--error');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Weeks that follow on are generated at once, and the select shows their year.
    fireEvent.change(date, { target: { value: `${next}-01-04` } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await toastOf('Weeks generated successfully')).toContain('--success');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Year' }).textContent).toBe(String(next)));
    expect(generated()).toEqual([`/api/General/GenerateWorkWeeks?date=${next}-01-06`, `/api/General/GenerateWorkWeeks?date=${next}-01-04`]);
  });

  it('offers the years with weeks plus this and next year (GetWorkYears) and deletes a year after confirming', async () => {
    const calls = api({ 'DELETE /api/General/DeleteWorkWeeks': { text: 'Weeks deleted successfully' } });
    renderApp('/app/system-admin');
    await screen.findByText('01/05/' + year);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Year' }));
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual([String(year - 3), String(year), String(year + 1)]),
    );
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete work weeks' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Weeks deleted successfully')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/General/DeleteWorkWeeks?year=${year}`)).toBe(true);
  });

  it('shows Read-only people text, not disabled inputs, on the Work Weeks and Service tabs', async () => {
    api({}, userFixture('dispatcher', { userPermissibleObjects: [{ objectName: 'SystemAdminPage', accessType: 'Read', isMenuVisible: true }] }));
    const view = renderApp('/app/system-admin');
    expect(await screen.findByText('01/05/' + year)).toBeTruthy();
    expect(screen.getByText(/Generating and deleting weeks needs Write access to System Admin\./)).toBeTruthy();
    expect(screen.queryByLabelText('First day of week 1')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await view.router.navigate('/app/system-admin?tab=service');
    expect(await screen.findByText('https://relay.example.com')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(view.container.querySelectorAll('input:disabled, [aria-disabled="true"]')).toHaveLength(0);
  });
});

describe('system admin: service', () => {
  it('requires an http(s) address and saves it', async () => {
    const calls = api({ 'POST /api/General/setServiceUrl': { text: 'Service URL saved successfully' } });
    renderApp('/app/system-admin?tab=service');
    const input = await screen.findByLabelText(/Service Url/);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('https://relay.example.com'));
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'ftp://relay.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid http:// or https:// address')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'https://board.example.com/api' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Service URL saved successfully')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/General/setServiceUrl')).map((c) => c.path)).toEqual([
      '/api/General/setServiceUrl?url=https%3A%2F%2Fboard.example.com%2Fapi',
    ]);
  });
});

describe('system admin: refresh cookies', () => {
  it('asks first, then shows the counts the server answers as a toast', async () => {
    const reply = 'Cookies refreshed: 2 checked, 1 working, 1 expired. Cookie ID 7 is in use.';
    const calls = api({ 'GET /api/CookieAdmin/RefreshCookies': { text: reply } });
    renderApp('/app/system-admin?tab=service');
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh Cookies' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refresh Cookies' });
    expect(within(confirm).getByText('Are you sure you want to refresh Cookies?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/CookieAdmin/RefreshCookies')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Cookies' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Refresh Cookies' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(reply)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/CookieAdmin/RefreshCookies')).toHaveLength(1);
  });

  it('shows a refusal as an error toast', async () => {
    api({ 'GET /api/CookieAdmin/RefreshCookies': { status: 409, text: 'ERROR No cookies are stored. Add one in Cookie Administration.' } });
    renderApp('/app/system-admin?tab=service');
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh Cookies' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Refresh Cookies' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No cookies are stored. Add one in Cookie Administration.')).toBeTruthy();
  });
});

describe('system admin: roles & permissions', () => {
  it('lets an administrator change a cell at once, marks changes and resets after confirming', async () => {
    const calls = api({
      'POST /api/General/SetPermission': { text: 'Permission updated successfully' },
      'POST /api/General/ResetPermissions': { text: 'Permissions reset to defaults' },
    });
    renderApp('/app/system-admin?tab=permissions');
    expect(await screen.findByText('1 cell differs from the defaults')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Permissions by role' });
    const brokerRow = within(table).getByText('Broker Admin').closest('tr')!;
    expect(within(brokerRow).getByText('Changed')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Dispatcher access to Load History' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Write' }));
    expect(await screen.findByText('Permission updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/General/SetPermission')?.body).toEqual({
      roleId: 2,
      objectName: 'LoadHistoryPage',
      accessType: 'Write',
      isMenuVisible: true,
    });

    fireEvent.click(screen.getByRole('button', { name: /Reset to defaults/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reset permissions' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Permissions reset to defaults')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/General/ResetPermissions')).toBe(true);
  });

  it('is read-only for anyone but an administrator of the company', async () => {
    api({}, userFixture('dispatcher', { userPermissibleObjects: [{ objectName: 'SystemAdminPage', accessType: 'Write', isMenuVisible: true }] }));
    renderApp('/app/system-admin?tab=permissions');
    expect(await screen.findByText('Only an administrator of the company can change permissions.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reset to defaults/ })).toBeNull();
    expect((await screen.findByRole('combobox', { name: 'Driver access to Broker Admin' })).getAttribute('aria-disabled')).toBe('true');
  });

  it('shows one role at a time on a phone', async () => {
    media.width = 390;
    api();
    renderApp('/app/system-admin?tab=permissions');
    expect(await screen.findByRole('combobox', { name: 'Dispatcher access to Broker Admin' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Driver access to Broker Admin' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Driver' }));
    expect(await screen.findByRole('combobox', { name: 'Driver access to Broker Admin' })).toBeTruthy();
  });
});
