import '../../test/setup';
import { TEXT } from '@haulboard/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { preloadPages, renderApp } from '../../test/render-app';

beforeAll(preloadPages, 120_000);

const companies = { json: [{ label: 'Demo Freight LLC', value: 1 }, { label: 'Second Haul Inc', value: 2 }] };

async function chooseCompany(name: string) {
  const select = await screen.findByRole('combobox', { name: /Company/ });
  // The select opens once the company list has arrived.
  await waitFor(() => expect(select.getAttribute('aria-disabled')).not.toBe('true'));
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('/register (spec §2, §5)', () => {
  it("says 'Field is required' for both fields and limits the phone to 10 characters", async () => {
    const calls = mockApi({ 'POST /api/Auth/GetUserDetails': { json: userFixture('noCompany', { phoneNumber: null }) }, 'GET /api/Lookup/GetCompanyList': companies });
    renderApp('/register');
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getAllByText('Field is required')).toHaveLength(2));
    expect(screen.getByLabelText(/Phone number/).getAttribute('maxlength')).toBe('10');
    expect(calls.some((c) => c.path === '/api/Auth/UpdateUserCompany')).toBe(false);
  });

  it('registers with the chosen company and lands in review', async () => {
    const calls = mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('noCompany') },
      'GET /api/Lookup/GetCompanyList': companies,
      'POST /api/Auth/UpdateUserCompany': { json: userFixture('inReview', { company: 'Second Haul Inc', companyId: 2 }) },
    });
    const app = renderApp('/register');
    await chooseCompany('Second Haul Inc');
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '2145550100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(TEXT.inReview)).toBeTruthy();
    expect(app.location()).toBe('/application-in-review');
    expect(screen.getByText('Second Haul Inc')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/Auth/UpdateUserCompany')?.body).toEqual({
      companyId: 2,
      phoneNumber: '2145550100',
      email: 'noCompany@example.test',
      userId: 10,
    });
  });

  it('shows a refused registration on the page', async () => {
    mockApi({
      'POST /api/Auth/GetUserDetails': { json: userFixture('noCompany') },
      'GET /api/Lookup/GetCompanyList': companies,
      'POST /api/Auth/UpdateUserCompany': { status: 409, text: 'ERROR You are already registered with a company' },
    });
    const app = renderApp('/register');
    await chooseCompany('Demo Freight LLC');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('You are already registered with a company')).toBeTruthy();
    expect(app.location()).toBe('/register');
  });
});
